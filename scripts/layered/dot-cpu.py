"""scripts/bench-layered's Graphviz side: runs `dot -Tjson DOT` with a CPU limit of LIMIT seconds and prints the
smaller of BEST and the CPU seconds it took (user and system), or BEST when dot ran out of time.
Usage: python3 dot-cpu.py DOT LIMIT BEST"""
import resource
import subprocess
import sys

path, limit, best = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])

def cpu_limit():
    resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1))

run = subprocess.run(["dot", "-Tjson", path], stdout=subprocess.DEVNULL, preexec_fn=cpu_limit)
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(min(best, used.ru_utime + used.ru_stime) if run.returncode == 0 else best)
