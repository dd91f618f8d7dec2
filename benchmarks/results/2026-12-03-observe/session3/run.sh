#!/bin/sh
# Five rounds, four jars in a rotating order: base (30de02f, before issues 10's refusal and 14),
# pre (c3ea7ed: the refusal, no observer API), mainold (7457aed: both, the check's verdict under a
# lock), head (the lock-free cached verdict). Only head runs the observed methods.
cd /tmp/bench14/out
jars="base pre mainold head"
for round in 1 2 3 4 5; do
  for jar in $jars; do
    if [ $jar = head ]; then pattern='DispatchBenchmark\.toolsmith'; else pattern='DispatchBenchmark\.toolsmith(Small|Nested)$'; fi
    echo "== round $round $jar start $(date -u +%H:%M:%S) load: $(cut -d' ' -f1-3 /proc/loadavg)" >> load.log
    java -jar /tmp/bench14/$jar.jar "$pattern" -prof gc -rf json -rff $jar-$round.json > $jar-$round.txt 2>&1
    echo "== round $round $jar end $(date -u +%H:%M:%S) load: $(cut -d' ' -f1-3 /proc/loadavg)" >> load.log
    ps -eo pcpu,comm --sort=-pcpu | head -4 >> load.log
  done
  jars="$(echo $jars | cut -d' ' -f2-) $(echo $jars | cut -d' ' -f1)"
done
echo finished >> load.log
