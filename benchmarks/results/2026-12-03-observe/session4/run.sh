#!/bin/sh
# Three rounds, four jars in a rotating order, 6 forks x 5 one-second iterations (after 4 warm-up)
# per method: more forks, because most of the spread is between forks (JIT decisions).
cd /tmp/bench14/long
jars="base pre mainold head"
for round in 1 2 3; do
  for jar in $jars; do
    echo "== round $round $jar start $(date -u +%H:%M:%S) load: $(cut -d' ' -f1-3 /proc/loadavg)" >> load.log
    java -jar /tmp/bench14/$jar.jar 'DispatchBenchmark\.toolsmith(Small|Nested)$' -f 6 -wi 4 -i 5 -prof gc -rf json -rff $jar-$round.json > $jar-$round.txt 2>&1
    echo "== round $round $jar end $(date -u +%H:%M:%S) load: $(cut -d' ' -f1-3 /proc/loadavg)" >> load.log
    ps -eo pcpu,comm --sort=-pcpu | head -4 >> load.log
  done
  jars="$(echo $jars | cut -d' ' -f2-) $(echo $jars | cut -d' ' -f1)"
done
echo finished >> load.log
