#!/bin/sh
# Three runs of the head jar: dispatch with its availability check asked, without (the reference
# design's policy), and with one observer; 4 forks x 5 one-second iterations after 4 warm-up.
cd /tmp/bench14/inrun
for round in 1 2 3; do
  echo "== round $round start $(date -u +%H:%M:%S) load: $(cut -d' ' -f1-3 /proc/loadavg)" >> load.log
  java -jar /tmp/bench14/head2.jar 'DispatchBenchmark\.toolsmith' -f 4 -wi 4 -i 5 -prof gc -rf json -rff head-$round.json > head-$round.txt 2>&1
  echo "== round $round end $(date -u +%H:%M:%S) load: $(cut -d' ' -f1-3 /proc/loadavg)" >> load.log
  ps -eo pcpu,comm --sort=-pcpu | head -4 >> load.log
done
echo finished >> load.log
