#!/bin/sh
# Three rounds: the jar before observers (commit 30de02f) and the jar with them, alternated.
cd /tmp/bench-observe
for round in 1 2 3; do
  for jar in base head; do
    echo "== round $round $jar start $(date -u +%H:%M:%S) load: $(cut -d' ' -f1-3 /proc/loadavg)" >> load.log
    java -jar /tmp/bench-$jar.jar 'DispatchBenchmark.toolsmith' -prof gc -rf json -rff $jar-$round.json > $jar-$round.txt 2>&1
    echo "== round $round $jar end $(date -u +%H:%M:%S) load: $(cut -d' ' -f1-3 /proc/loadavg)" >> load.log
    ps -eo pcpu,comm --sort=-pcpu | head -6 >> load.log
  done
done
echo finished >> load.log
