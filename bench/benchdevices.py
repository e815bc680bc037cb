"""benchdevices: the RAM-backed block devices the bench scripts measure on, made and removed
(root). Imported by bench/compare-fio and bench/scan-cost, which run from this folder."""
import time


def zram_new(size):
    """A new zram device of size bytes; returns its number (/dev/zramN)."""
    with open("/sys/class/zram-control/hot_add") as f:
        n = int(f.read())
    with open(f"/sys/block/zram{n}/disksize", "w") as f:
        f.write(str(size))
    return n


def zram_remove(n):
    """Frees device n's memory and removes it."""
    # The last opener's release can trail its exit by a moment (EBUSY): try for a few seconds.
    for attempt in range(50):
        try:
            with open(f"/sys/block/zram{n}/reset", "w") as f:
                f.write("1")
            break
        except OSError:
            if attempt == 49:
                raise
            time.sleep(0.1)
    with open("/sys/class/zram-control/hot_remove", "w") as f:
        f.write(str(n))
