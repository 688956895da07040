"""scripts/bench-kernel's measurements: forcelab's kernel and ipykernel started and driven by jupyter_client, in
turns. Arguments: FORCELAB STARTS CELLS."""
import statistics
import sys
import time

from jupyter_client.manager import KernelManager

from kernel_client import install

FORCELAB, STARTS, CELLS = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
KERNELS = {"forcelab": ("forcelab", "1"), "ipykernel": ("python3", "1")}


def started(kernel):
    """A started kernel and its ready client, with the seconds from start to the first kernel_info reply."""
    began = time.perf_counter()
    manager = KernelManager(kernel_name=kernel)
    manager.start_kernel()
    client = manager.client()
    client.start_channels()
    client.wait_for_ready(timeout=60)
    return manager, client, time.perf_counter() - began


def round_trip(client, code):
    """Seconds from sending an execute request to the kernel's idle status for it."""
    began = time.perf_counter()
    msg_id = client.execute(code)
    while True:
        message = client.get_iopub_msg(timeout=30)
        if (message["parent_header"].get("msg_id") == msg_id and message["msg_type"] == "status"
                and message["content"]["execution_state"] == "idle"):
            break
    elapsed = time.perf_counter() - began
    client.get_shell_msg(timeout=30)
    return elapsed


def summary(values):
    q = statistics.quantiles(values, n=4)
    return f"median {statistics.median(values) * 1000:8.2f} ms  (quartiles {q[0] * 1000:.2f} to {q[2] * 1000:.2f})"


def main():
    install(FORCELAB)
    starts = {name: [] for name in KERNELS}
    trips = {name: [] for name in KERNELS}
    for _ in range(STARTS):
        for name, (kernel, _) in KERNELS.items():
            manager, client, seconds = started(kernel)
            starts[name].append(seconds)
            client.stop_channels()
            manager.shutdown_kernel(now=True)
    running = {name: started(kernel)[:2] for name, (kernel, _) in KERNELS.items()}
    for name, (_, client) in running.items():
        for _ in range(20):
            round_trip(client, KERNELS[name][1])
    for _ in range(CELLS):
        for name, (_, client) in running.items():
            trips[name].append(round_trip(client, KERNELS[name][1]))
    for manager, client in running.values():
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    print(f"start-up, {STARTS} starts each (process start to the first kernel_info reply):")
    for name in KERNELS:
        print(f"  {name:10} {summary(starts[name])}")
    print(f"  ratio forcelab / ipykernel {statistics.median(starts['forcelab']) / statistics.median(starts['ipykernel']):.2f}")
    print(f"trivial cell round trip, {CELLS} cells each (execute request to idle; the cell is `1`):")
    for name in KERNELS:
        print(f"  {name:10} {summary(trips[name])}")
    print(f"  ratio forcelab / ipykernel {statistics.median(trips['forcelab']) / statistics.median(trips['ipykernel']):.2f}")


if __name__ == "__main__":
    main()
