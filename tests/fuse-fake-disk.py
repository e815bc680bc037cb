#!/usr/bin/python3
# fuse-fake-disk.py: a FUSE file that lies like a fake USB stick, for the capacity and --verify tests.
#
#   fuse-fake-disk.py MOUNTPOINT SIZE [--wrap N | --drop N] [--flip OFFSET]... [--lose OFFSET]...
#
# MOUNTPOINT/disk claims SIZE bytes. --wrap N keeps only N bytes: offset X is stored at X mod N,
# so what is written past N lands at the start (a fake-capacity stick's controller); --drop N
# forgets what is written past N and reads zeros there (another kind of fake). --flip OFFSET
# returns the byte at OFFSET inverted on every read (a bad cell); --lose OFFSET forgets every
# write to the 4 KiB block holding OFFSET, which reads as it was (a write that did not land).
# Both may be given many times. Runs in the foreground until
# unmounted; direct_io so the kernel's page cache does not hide what the "device" does.
import argparse
import errno
import stat
import sys
import threading
import time

import fusepy

LOSE_BLOCK = 4096


class FakeDisk(fusepy.Operations):
    def __init__(self, size, keep, flip, drop, lose):
        self.drop = drop
        self.lose = set(offset // LOSE_BLOCK for offset in lose)
        self.size = size
        self.keep = keep
        self.flip = flip
        self.data = bytearray(keep)
        self.mutex = threading.Lock()

    def getattr(self, path, fh=None):
        now = time.time()
        if path == '/':
            return dict(st_mode=stat.S_IFDIR | 0o755, st_nlink=2, st_ctime=now, st_mtime=now,
                        st_atime=now)
        if path == '/disk':
            return dict(st_mode=stat.S_IFREG | 0o600, st_nlink=1, st_size=self.size,
                        st_ctime=now, st_mtime=now, st_atime=now)
        raise fusepy.FuseOSError(errno.ENOENT)

    def readdir(self, path, fh):
        return ['.', '..', 'disk']

    def open(self, path, flags):
        if path != '/disk':
            raise fusepy.FuseOSError(errno.ENOENT)
        return 0

    def truncate(self, path, length, fh=None):
        if length != self.size:
            raise fusepy.FuseOSError(errno.EPERM)

    def _spans(self, offset, length):
        # (position in the store, position in the request, length) pieces of a request.
        done = 0
        while done < length:
            pos = (offset + done) % self.keep
            n = min(length - done, self.keep - pos)
            yield pos, done, n
            done += n

    def read(self, path, length, offset, fh):
        length = max(0, min(length, self.size - offset))
        out = bytearray(length)
        with self.mutex:
            for pos, at, n in self._spans(offset, min(length, self.keep - offset)
                                          if self.drop else length):
                out[at:at + n] = self.data[pos:pos + n]
        for flip in self.flip:
            if offset <= flip < offset + length:
                out[flip - offset] ^= 0xFF
        return bytes(out)

    def write(self, path, buf, offset, fh):
        if offset + len(buf) > self.size:
            raise fusepy.FuseOSError(errno.ENOSPC)
        with self.mutex:
            for pos, at, n in self._spans(offset, min(len(buf), self.keep - offset)
                                          if self.drop else len(buf)):
                self._store(pos, buf[at:at + n])
        return len(buf)

    def _store(self, pos, piece):
        if not self.lose:
            self.data[pos:pos + len(piece)] = piece
            return
        done = 0
        while done < len(piece):
            block = (pos + done) // LOSE_BLOCK
            n = min(len(piece) - done, (block + 1) * LOSE_BLOCK - (pos + done))
            if block not in self.lose:
                self.data[pos + done:pos + done + n] = piece[done:done + n]
            done += n

    def flush(self, path, fh):
        return 0

    def fsync(self, path, datasync, fh):
        return 0


def main():
    p = argparse.ArgumentParser()
    p.add_argument('mountpoint')
    p.add_argument('size', type=int)
    p.add_argument('--wrap', type=int, default=None)
    p.add_argument('--drop', type=int, default=None)
    p.add_argument('--flip', type=int, action='append', default=[])
    p.add_argument('--lose', type=int, action='append', default=[])
    a = p.parse_args()
    keep = a.wrap or a.drop or a.size
    fusepy.FUSE(FakeDisk(a.size, keep, a.flip, a.drop is not None, a.lose), a.mountpoint,
                foreground=True, direct_io=True, allow_other=False)
    return 0


if __name__ == '__main__':
    sys.exit(main())
