#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, to try `cargo xtask paper --slurm` and to
# test it (xtask/tests/slurm.rs): Debian's slurm-wlm and munge, slurmctld and slurmd
# started by hand (no systemd), with a generated slurm.conf. Needs root.
#
#   xtask/slurm/localhost-cluster.sh start    install what is missing, start, wait until the node is idle
#   xtask/slurm/localhost-cluster.sh stop     stop the daemons
#   xtask/slurm/localhost-cluster.sh status   exit 0 if the node is up
#
# It writes /etc/slurm/slurm.conf, and refuses to if one is there that it did not
# write. State and logs go to /var/lib/jvmc-slurm.
set -euo pipefail
STATE=/var/lib/jvmc-slurm
CONF=/etc/slurm/slurm.conf
MARK="# written by jvmc's xtask/slurm/localhost-cluster.sh"

up() { sinfo -h -N -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; }

case "${1:-}" in
start)
    if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
        apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y slurm-wlm munge >/dev/null
    fi
    if [ -f "$CONF" ] && ! grep -qF "$MARK" "$CONF"; then
        echo "$CONF exists and was not written by this script; not touching it" >&2
        exit 1
    fi
    mkdir -p "$STATE/state" "$STATE/spool" /etc/slurm /run/munge /var/log/munge /var/lib/munge
    if [ ! -s /etc/munge/munge.key ]; then
        mkdir -p /etc/munge
        dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null
    fi
    chown -R munge:munge /etc/munge /run/munge /var/log/munge /var/lib/munge 2>/dev/null || true
    chmod 0400 /etc/munge/munge.key
    if ! pgrep -x munged >/dev/null; then
        if id munge >/dev/null 2>&1; then
            su -s /bin/sh munge -c munged
        else
            munged --force
        fi
    fi
    cpus=$(nproc)
    memory=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 512 ))
    cat > "$CONF" <<CONF
$MARK
ClusterName=jvmc-localhost
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$STATE/state
SlurmdSpoolDir=$STATE/spool
SlurmctldPidFile=$STATE/slurmctld.pid
SlurmdPidFile=$STATE/slurmd.pid
SlurmctldLogFile=$STATE/slurmctld.log
SlurmdLogFile=$STATE/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
SwitchType=switch/none
NodeName=localhost NodeHostname=localhost NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=jvmc Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
    pgrep -x slurmctld >/dev/null || slurmctld
    pgrep -x slurmd >/dev/null || slurmd -N localhost
    for _ in $(seq 1 60); do
        if up; then
            sinfo
            exit 0
        fi
        scontrol update nodename=localhost state=resume >/dev/null 2>&1 || true
        sleep 1
    done
    echo "the Slurm node did not come up; logs: $STATE/slurmctld.log, $STATE/slurmd.log" >&2
    tail -n 20 "$STATE/slurmctld.log" "$STATE/slurmd.log" >&2 || true
    exit 1
    ;;
stop)
    pkill -x slurmd || true
    pkill -x slurmctld || true
    ;;
status)
    up
    ;;
*)
    echo "usage: $0 start|stop|status" >&2
    exit 2
    ;;
esac
