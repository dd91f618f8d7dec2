#!/usr/bin/env bash
# The small-project compile benchmark: javac alone against javac with the processor, as whole
# processes, in turn (SmallProjectCompile). Resolves the class path a user's project compiles
# against and the processor path Maven gives javac from the local Maven repository, so build and
# install first (mvn -B install -DskipTests from the repository root).
# Usage: benchmarks/compile-small.sh [RUNS] [EXTRA_PROCESSOR_PATH...]
#   an extra processor path (say, the jars of an earlier build) is measured in the same rounds.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-10}
shift || true
mvn_args=(-B -q)
[[ -n "${MAVEN_REPO:-}" ]] && mvn_args+=("-Dmaven.repo.local=$MAVEN_REPO")
[[ -n "${MAVEN_OFFLINE:-}" ]] && mvn_args+=(-o)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# What a user's code compiles against: the runtime and what it brings (no test scope).
mvn "${mvn_args[@]}" -pl runtime dependency:build-classpath -Dmdep.includeScope=runtime \
  -Dmdep.outputFile="$tmp/cp"
# What javac runs the processor from: the processor and what it brings.
mvn "${mvn_args[@]}" -pl processor dependency:build-classpath -Dmdep.includeScope=runtime \
  -Dmdep.outputFile="$tmp/pp"
version=$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' pom.xml | head -1)
repo=${MAVEN_REPO:-$HOME/.m2/repository}
jars="$repo/dev/toolsmith"
cp="$jars/toolsmith-annotations/$version/toolsmith-annotations-$version.jar"
cp="$cp:$jars/toolsmith-runtime/$version/toolsmith-runtime-$version.jar:$(cat "$tmp/cp")"
pp="$jars/toolsmith-processor/$version/toolsmith-processor-$version.jar:$(cat "$tmp/pp")"
java -cp benchmarks/target/toolsmith-benchmarks.jar dev.toolsmith.bench.SmallProjectCompile \
  "$runs" "$cp" "$pp" "$@"
