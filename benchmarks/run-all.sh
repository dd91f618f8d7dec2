#!/usr/bin/env bash
# Runs every benchmark behind docs/BENCHMARKS.md (about 9 minutes on 2 cores) and writes the
# Markdown tables to target/results/tables.md. Build first: mvn -B verify (from the repository root).
# Extra arguments go to every JMH run, e.g. a quick smoke: ./run-all.sh -f 1 -wi 1 -i 1
set -euo pipefail
cd "$(dirname "$0")"
jar=target/toolsmith-benchmarks.jar
out=target/results
mkdir -p "$out"
run() {
  local name=$1
  shift
  java -jar "$jar" "$@" -rf json -rff "$out/$name.json" | tee "$out/$name.txt"
}
run dispatch DispatchBenchmark -prof gc "$@"
run startup "bench\.StartupBenchmark" "$@"
run warm-startup WarmStartupBenchmark "$@"
run listing ListingBenchmark "$@"
run compile CompileBenchmark "$@"
java -cp "$jar" dev.toolsmith.bench.Tables "$out"/dispatch.json "$out"/startup.json \
  "$out"/warm-startup.json "$out"/listing.json "$out"/compile.json | tee "$out/tables.md"
# Where Toolsmith's cold start-up goes (one fresh JVM per line).
for n in 50 500 2000 50 500 2000; do
  java -cp "$jar" dev.toolsmith.bench.StartupBreakdown "$n"
done | tee "$out/breakdown.txt"
