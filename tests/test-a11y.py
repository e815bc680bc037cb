#!/usr/bin/python3
# test-a11y.py: the build tree's gdiskmark as a screen reader meets it, through AT-SPI.
#
# Every focusable object must have a name a screen reader can speak (not empty, not only its
# class or role), the All button must be "Run All Tests", and keyboard focus must start on it.
# The app runs inside its own dbus-run-session, where the accessibility bus starts on demand.
# Output is TAP. Run it with /usr/bin/python3: Debian's pyatspi lives only there.

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

INNER = '--inside-session'
APP_TIMEOUT = 30  # seconds for the window to appear in the AT-SPI desktop
MAX_DEPTH = 60
MAX_NODES = 5000


def skip(reason):
    print('1..0 # SKIP ' + reason)
    sys.exit(0)


def outer():
    """Checks what the test needs, then runs itself again inside a private session bus."""
    if not os.environ.get('DISPLAY'):
        skip('no X display: run the tests under xvfb-run -a')
    try:
        import pyatspi  # noqa: F401  (only whether it is there)
    except ImportError:
        skip('no pyatspi for %s: apt-get install python3-pyatspi at-spi2-core' % sys.executable)
    if shutil.which('dbus-run-session') is None:
        skip('no dbus-run-session: apt-get install dbus-bin')
    gui = os.environ.get('GDISKMARK_GUI')
    if not gui or not os.access(gui, os.X_OK):
        print('1..1')
        print('not ok 1 - GDISKMARK_GUI names the gdiskmark binary (got %r)' % gui)
        sys.exit(1)

    env = dict(os.environ)
    # The test environment turns accessibility off for the other tests; this one needs it.
    for name in ('GTK_A11Y', 'NO_AT_BRIDGE', 'DBUS_SESSION_BUS_ADDRESS'):
        env.pop(name, None)
    # The session's daemons write to stdout (the registry announces itself there), so the TAP
    # comes back through a file of its own and stdout goes to the log.
    with tempfile.NamedTemporaryFile(mode='r', prefix='gdiskmark-a11y-', suffix='.tap') as tap:
        env['DMK_A11Y_TAP'] = tap.name
        try:
            proc = subprocess.run(['dbus-run-session', '--', sys.executable,
                                   os.path.abspath(__file__), INNER],
                                  env=env, timeout=240, stdout=sys.stderr,
                                  stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            print('Bail out! the test did not finish within 240 s')
            sys.exit(1)
        text = tap.read()
    sys.stdout.write(text)
    if not text.strip():
        print('Bail out! the test inside dbus-run-session reported nothing (exit status %d)'
              % proc.returncode)
        sys.exit(1)
    sys.exit(proc.returncode)


class Tap:
    def __init__(self):
        self.results = []

    def check(self, ok, what, details=()):
        self.results.append((ok, what, list(details)))

    def emit(self):
        with open(os.environ['DMK_A11Y_TAP'], 'w') as out:
            out.write('1..%d\n' % len(self.results))
            for i, (ok, what, details) in enumerate(self.results, 1):
                out.write('%s %d - %s\n' % ('ok' if ok else 'not ok', i, what))
                for line in (details if not ok else ()):
                    out.write('#   %s\n' % line)
        return all(ok for ok, _, _ in self.results)


def safe(call, default=None):
    try:
        return call()
    except Exception:  # a widget that went away mid-walk answers with a D-Bus error
        return default


# The name of each walked object's parent, by key(): a name said twice is a child named as
# its parent.
PARENT_NAME = {}


def walk(root, depth=0, path=()):
    """Yields (object, path) for @root and everything under it."""
    if root is None or depth > MAX_DEPTH:
        return
    here = path + (safe(root.getRoleName, '?'),)
    yield root, here
    name = (safe(lambda: root.name, '') or '').strip()
    for i in range(safe(lambda: root.childCount, 0)):
        child = safe(lambda: root.getChildAtIndex(i))
        if child is not None:
            PARENT_NAME[key(child)] = name
        yield from walk(child, depth + 1, here)


def states(obj):
    import pyatspi
    s = safe(obj.getState)
    return set() if s is None else {st for st in pyatspi.StateType._enum_lookup if s.contains(st)}


def describe(obj, path):
    import pyatspi
    st = states(obj)
    flags = ','.join(sorted(pyatspi.stateToString(s) for s in st
                            if s in (pyatspi.STATE_FOCUSABLE, pyatspi.STATE_FOCUSED,
                                     pyatspi.STATE_SHOWING, pyatspi.STATE_SENSITIVE)))
    return '%s %r desc=%r [%s] in %s' % (safe(obj.getRoleName, '?'), safe(lambda: obj.name, ''),
                                         safe(lambda: obj.description, ''), flags,
                                         '/'.join(path[-4:-1]))


CLASS_NAME = re.compile(r'^(Gtk|Adw|Dmk|Gdk|Gsk)[A-Z][A-Za-z0-9]*$')


def unnamed(obj):
    name = (safe(lambda: obj.name, '') or '').strip()
    if not name:
        return True
    roles = {safe(obj.getRoleName, ''), safe(obj.getLocalizedRoleName, '')}
    return name in roles or CLASS_NAME.match(name) is not None


def key(obj):
    """What identifies a remote object across walks: its bus name and object path."""
    return (safe(lambda: obj.get_bus_name()), safe(lambda: obj.path))


def find_app(proc):
    import pyatspi
    pid = proc.pid
    deadline = time.monotonic() + APP_TIMEOUT
    while time.monotonic() < deadline and proc.poll() is None:
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(safe(lambda: desktop.childCount, 0)):
            app = safe(lambda: desktop.getChildAtIndex(i))
            if app is not None and safe(app.get_process_id) == pid:
                for j in range(safe(lambda: app.childCount, 0)):
                    win = safe(lambda: app.getChildAtIndex(j))
                    if win is not None and safe(lambda: win.name) == 'GDiskMark':
                        return app, win
        time.sleep(0.25)
    return None, None


MNEMONIC = re.compile(r'(^|[\s(])_[^\s_]')
# A name said twice, as GTK 4.8 speaks a mnemonic button's label and its labeller ("Run Run").
TWICE = re.compile(r'^(.+) \1$')
# Our own types; libadwaita's inner ones (AdwGizmo) are libadwaita's to name.
OUR_CLASS = re.compile(r'^Dmk[A-Z][A-Za-z0-9]*$')


def badly_named(objects):
    """Names a screen reader would speak wrongly: a mnemonic's underscore ("_Run"), a label said
    twice ("Run Run"), or one of our types' names ("DmkResultGrid"), on any object."""
    bad = []
    for obj, path in objects:
        name = (safe(lambda: obj.name, '') or '').strip()
        if MNEMONIC.search(name) or OUR_CLASS.match(name) or TWICE.match(name):
            bad.append(describe(obj, path))
    return bad


def size_of(obj):
    """Whether obj has been given a size (GTK answers 0 × 0 for one never allocated)."""
    size = safe(lambda: obj.queryComponent().getSize()) if obj is not None else None
    return size is not None and size[0] > 0 and size[1] > 0


def audit(objects):
    """What a screen reader would say wrongly anywhere in @objects (issue 46): a widget type's
    name as a name ("AdwViewSwitcher", "GtkScrollbar"), a name said twice (a child named as its
    parent, "Main Menu" in "Main Menu"), or a label that is not shown ("(None)" in a dropdown).
    Returns (type names, said twice, hidden labels), each a list of descriptions."""
    import pyatspi
    types, twice, hidden = [], [], []
    for obj, path in objects:
        name = (safe(lambda: obj.name, '') or '').strip()
        if not name:
            continue
        if CLASS_NAME.match(name):
            types.append(describe(obj, path))
        parent = PARENT_NAME.get(key(obj), '')
        if name == parent or TWICE.match(name):
            twice.append(describe(obj, path))
        # GTK 4.8 says every object is visible and none showing: a label of a page not shown
        # (a dropdown's "(None)") has never been given a size.
        # A list's row out of view has no size either, its label with it: that is scrolling.
        if safe(obj.getRoleName) == 'label' and not size_of(obj) and size_of(safe(obj.get_parent)):
            hidden.append(describe(obj, path))
    return types, twice, hidden


def counted(lines):
    """The same description once, with how many times it was found."""
    seen = {}
    for line in lines:
        seen[line] = seen.get(line, 0) + 1
    return ['%s%s' % (line, ' (×%d)' % n if n > 1 else '') for line, n in seen.items()]


def check_audit(tap, where, objects):
    types, twice, hidden = (counted(found) for found in audit(objects))
    tap.check(not types, '%s: no widget type spoken as a name (%d objects)'
              % (where, len(objects)), ['type name: ' + b for b in types])
    tap.check(not twice, '%s: no name said twice' % where, ['said twice: ' + b for b in twice])
    tap.check(not hidden, '%s: no hidden label exposed' % where,
              ['hidden label: ' + b for b in hidden])


def check_dialog_role(tap, win, where, role='dialog'):
    """A dialog says it is one (not a "filler" or a "frame")."""
    got = safe(win.getRoleName, '?')
    tap.check(got == role, '%s has the role "%s"' % (where, role), ['role: %r' % got])


def run_buttons(objects):
    """The scan views' Run buttons that a screen reader is offered."""
    return [o for o, _ in objects
            if safe(o.getRoleName) == 'push button' and safe(lambda: o.name) == 'Run']


def focusable_without_name(objects):
    import pyatspi
    bad = []
    for obj, path in objects:
        if pyatspi.STATE_FOCUSABLE in states(obj) and unnamed(obj):
            bad.append(describe(obj, path))
    return bad


def xdotool(*args):
    subprocess.run(['xdotool'] + list(args), timeout=10, check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def x_window_named(name):
    out = subprocess.run(['xdotool', 'search', '--onlyvisible', '--name', '^%s$' % name],
                         capture_output=True, text=True, timeout=10).stdout
    ids = out.split()
    return ids[0] if ids else None


def x_window(pid):
    out = subprocess.run(['xdotool', 'search', '--onlyvisible', '--pid', str(pid), '--name',
                          '^GDiskMark$'], capture_output=True, text=True, timeout=10).stdout
    ids = out.split()
    return ids[0] if ids else None


def named(win, name):
    return [o for o, _ in walk(win) if safe(lambda: o.name) == name]


def wait_for(cond, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = cond()
        if found:
            return found
        time.sleep(0.25)
    return None


def check_stop_state(tap, win, xid, dump):
    """Ctrl+Return starts a run: All is then Stop, named and described as such, and every
    focusable object still has a name; Escape stops it."""
    if xid is None:
        tap.check(False, 'the Stop state can be reached from the keyboard', ['no X window'])
        return
    xdotool('key', '--window', xid, 'ctrl+Return')
    stops = wait_for(lambda: named(win, 'Stop the Benchmark'), 30)
    tap.check(bool(stops) and len(stops) == 1,
              'during a run the All button is named "Stop the Benchmark"',
              ['found %d' % len(stops or [])])
    if stops:
        desc = safe(lambda: stops[0].description, '') or ''
        tap.check('Escape' in desc, 'the Stop button tells its key, Escape, in its description',
                  ['description: %r' % desc])
    objects = list(walk(win))[:MAX_NODES]
    if dump:
        for obj, path in objects:
            print('# running: ' + '  ' * (len(path) - 1) + describe(obj, path))
    bad = focusable_without_name(objects)
    tap.check(not bad, 'during a run every focusable object has a spoken name (%d objects)'
              % len(objects), ['unnamed: ' + b for b in bad])
    check_audit(tap, 'the window during a run', objects)
    xdotool('key', '--window', xid, 'Escape')
    back = wait_for(lambda: named(win, 'Run All Tests'), 60)
    # Stopped, not finished: the status line says so.
    stopped = [n for n in (safe(lambda: o.name, '') or '' for o, _ in walk(win))
               if n.startswith('Stopped')]
    tap.check(bool(back) and bool(stopped),
              'Escape stops the run: the status says "Stopped…" and the button is '
              '"Run All Tests" again',
              ['button back: %s, status: %r' % (bool(back), stopped)])


def check_scan_views(tap, win, xid, dump):
    """Each scan view, reached with its key (Alt and the underlined letter of its switcher
    button, which the screen reader speaks): every focusable object named, and its chart a
    showing image whose description says what it shows."""
    import pyatspi
    charts = {'Sustained': ('Sustained write, MB/s against GiB written', 'alt+n'),
              'Sweep': ('MB/s against block size', 'alt+w'),
              'Surface': ('MB/s against position on the drive', 'alt+f')}
    for title, (chart_desc, keys) in charts.items():
        buttons = [o for o, _ in walk(win)
                   if safe(o.getRoleName) in ('toggle button', 'page tab') and
                   (safe(lambda: o.name, '') or '').replace('_', '') == title]
        if not buttons:
            tap.check(False, 'the view switcher offers "%s"' % title,
                      ['objects named like it: %r'
                       % [(safe(o.getRoleName), safe(lambda: o.name, '')) for o, _ in walk(win)
                          if title.lower() in (safe(lambda: o.name, '') or '').lower()]])
            continue
        xdotool('key', '--window', xid, keys)

        def shown():
            # GTK 4.8 reports no SHOWING state for a custom widget: the view is known shown by
            # its tab, selected, and the chart by its description.
            tab = [o for o, _ in walk(win) if safe(o.getRoleName) == 'page tab' and
                   safe(lambda: o.name, '') == title and pyatspi.STATE_SELECTED in states(o)]
            images = [o for o, _ in walk(win)
                      if safe(o.getRoleName) == 'image' and
                      (safe(lambda: o.description, '') or '').startswith(chart_desc)]
            return tab and images
        found = wait_for(shown, 10)
        tap.check(bool(found), 'Alt+%s selects the %s view, and its chart is described as "%s…"'
                  % (keys[-1].upper(), title, chart_desc),
                  ['tabs: %r' % [(safe(lambda: o.name, ''), sorted(map(str, states(o))))
                                 for o, _ in walk(win) if safe(o.getRoleName) == 'page tab']])
        objects = list(walk(win))[:MAX_NODES]
        if dump:
            for obj, path in objects:
                print('# %s: ' % title + '  ' * (len(path) - 1) + describe(obj, path))
        bad = focusable_without_name(objects)
        tap.check(not bad, 'in the %s view every focusable object has a spoken name' % title,
                  ['unnamed: ' + b for b in bad])
        bad = badly_named(objects)
        runs = run_buttons(objects)
        tap.check(not bad and len(runs) == 1,
                  'in the %s view names are as shown, and only its own Run button is offered'
                  % title, ['badly named: ' + b for b in bad] + ['Run buttons: %d' % len(runs)])
        check_audit(tap, 'the %s view' % title, objects)
    xdotool('key', '--window', xid, 'alt+b')


def make_result(env, target, comment, path):
    cli = os.environ.get('GDISKMARK_CLI')
    if not cli:
        return 'GDISKMARK_CLI is not set'
    proc = subprocess.run([cli, '--quiet', '--profile=demo', '--size=16MiB', '--passes=1',
                           '--time=1', '--interval=0', '--comment=' + comment,
                           '--output=' + path, target], env=env, capture_output=True,
                          text=True, timeout=120)
    return None if proc.returncode == 0 else 'gdiskmark-cli: ' + proc.stderr.strip()


def check_comparison(tap, app, gui, env, home, dump):
    """Two saved results opened together: the comparison window, as a screen reader walks it."""
    target = os.path.join(home, 'target')
    files = []
    for comment in ('Disk A', 'Disk B'):
        path = os.path.join(home, comment.replace(' ', '-') + '.json')
        err = make_result(env, target, comment, path)
        if err:
            tap.check(False, 'two results for the comparison', [err])
            return
        files.append(path)
    # A second start hands the files to the running instance, as a file manager would.
    subprocess.run([gui] + files, env=env, stdout=sys.stderr, stdin=subprocess.DEVNULL,
                   timeout=60)

    def find():
        for j in range(safe(lambda: app.childCount, 0)):
            w = safe(lambda: app.getChildAtIndex(j))
            if w is not None and 'Compar' in (safe(lambda: w.name, '') or ''):
                return w
        return None
    cmp = wait_for(find, 30)
    tap.check(cmp is not None, 'the comparison window appears in the AT-SPI desktop',
              [] if cmp else ['windows: %r' % [safe(lambda: app.getChildAtIndex(j).name)
                                               for j in range(safe(lambda: app.childCount, 0))]])
    if cmp is None:
        return
    time.sleep(1.0)
    objects = list(walk(cmp))[:MAX_NODES]
    if dump:
        for obj, path in objects:
            print('# compare: ' + '  ' * (len(path) - 1) + describe(obj, path))
    bad = focusable_without_name(objects)
    tap.check(not bad, 'every focusable object in the comparison has a spoken name (%d objects)'
              % len(objects), ['unnamed: ' + b for b in bad])
    bad = badly_named(objects)
    tap.check(not bad, 'no object in the comparison is named with a mnemonic\'s underscore or '
              'a type\'s name', ['badly named: ' + b for b in bad])
    check_audit(tap, 'the comparison', objects)
    # Its role is not checked: a window GTK 4.8 announces while it is being made keeps the role
    # of its first class ("filler"), whatever the window says; the dialogs get theirs.
    names = [safe(lambda: o.name, '') or '' for o, _ in objects]
    for comment in ('Disk A', 'Disk B'):
        tap.check(any(comment in n for n in names),
                  'the column of "%s" is named with it' % comment,
                  ['no object name contains it'])
    # A cell speaks its test, its direction and its number with the unit.
    cells = [n for n in names if re.search(r': [0-9.,]+ MB/s', n) and
             re.search(r'\b(read|write)\b', n, re.I)]
    tap.check(len(cells) >= 4, 'the comparison\'s cells speak test, direction and value',
              ['cells: %r' % cells[:6]])
    return files


def check_history(tap, app, win, xid, dump):
    """Drive → History… from the menu (F10, then each item's own action, as a screen reader
    user activates it): the dialog's chart is an image whose description speaks every run's
    score, and each run's check is named for the comparison."""
    if xid is None:
        tap.check(False, 'the History dialog can be reached from the keyboard', ['no X window'])
        return
    xdotool('key', '--window', xid, 'F10')

    def item(name):
        return [o for o, _ in walk(win) if (safe(lambda: o.name, '') or '').replace('_', '')
                == name and safe(o.getRoleName, '').startswith('menu')]
    for name in ('Drive', 'History…'):
        found = wait_for(lambda: item(name), 10)
        if not found:
            tap.check(False, 'the menu offers "%s"' % name, ['not found'])
            xdotool('key', '--window', xid, 'Escape')
            return
        action = safe(found[0].queryAction)
        if action is None or not safe(lambda: action.doAction(0), False):
            xdotool('key', '--window', xid, 'Return')
        time.sleep(0.5)

    def dialog():
        for j in range(safe(lambda: app.childCount, 0)):
            w = safe(lambda: app.getChildAtIndex(j))
            if w is not None and safe(lambda: w.name, '') == 'Drive History':
                return w
        return None
    dlg = wait_for(dialog, 20)
    tap.check(dlg is not None, 'Drive → History… opens the "Drive History" dialog', [])
    if dlg is None:
        return
    time.sleep(1.0)
    objects = list(walk(dlg))[:MAX_NODES]
    if dump:
        for obj, path in objects:
            print('# history: ' + '  ' * (len(path) - 1) + describe(obj, path))
    bad = focusable_without_name(objects) + badly_named(objects)
    tap.check(not bad, 'every focusable object in the History dialog has a spoken name (%d '
              'objects)' % len(objects), ['badly named or unnamed: ' + b for b in bad])
    check_audit(tap, 'the History dialog', objects)
    check_dialog_role(tap, dlg, 'the History dialog')
    charts = [safe(lambda: o.description, '') or '' for o, _ in objects
              if safe(o.getRoleName) == 'image' and
              ' over 2 runs, in MB/s:' in (safe(lambda: o.description, '') or '')]
    tap.check(len(charts) == 1 and len(re.findall(r' #[0-9]+, [^;]*: [0-9.,]+;', charts[0])) == 2
              and ' median ' in charts[0],
              'the history chart speaks both runs\' scores and the median',
              ['described images: %r' % charts])
    checks = [o for o, _ in objects if safe(o.getRoleName) == 'check box' and
              re.match(r'Compare run [0-9]+$', safe(lambda: o.name, '') or '')]
    tap.check(len(checks) == 2, 'each run\'s check is named "Compare run N"',
              ['check boxes: %r' % [safe(lambda: o.name, '') for o, _ in objects
                                    if safe(o.getRoleName) == 'check box']])
    dxid = x_window_named('Drive History')
    if dxid is not None:
        xdotool('key', '--window', dxid, 'Escape')


def check_iozone(tap, app, win, xid, dump):
    """Drive → iozone Sweep… from the menu: every focusable object of the dialog is named as it
    reads (its operations' check boxes by the operation, never "_Write"), and its heat map is an
    image named for the operation it shows, whose description speaks what it holds."""
    if xid is None:
        tap.check(False, 'the iozone dialog can be reached from the keyboard', ['no X window'])
        return
    xdotool('key', '--window', xid, 'F10')

    def item(name):
        return [o for o, _ in walk(win) if (safe(lambda: o.name, '') or '').replace('_', '')
                == name and safe(o.getRoleName, '').startswith('menu')]
    for name in ('Drive', 'iozone Sweep…'):
        found = wait_for(lambda: item(name), 10)
        if not found and name == 'Drive':
            # F10 may have closed a menu left open: once more.
            xdotool('key', '--window', xid, 'F10')
            found = wait_for(lambda: item(name), 10)
        if not found:
            tap.check(False, 'the menu offers "%s"' % name, ['not found'])
            xdotool('key', '--window', xid, 'Escape')
            return
        action = safe(found[0].queryAction)
        if action is None or not safe(lambda: action.doAction(0), False):
            xdotool('key', '--window', xid, 'Return')
        time.sleep(0.5)

    def dialog():
        for j in range(safe(lambda: app.childCount, 0)):
            w = safe(lambda: app.getChildAtIndex(j))
            if w is not None and safe(lambda: w.name, '') == 'iozone Sweep':
                return w
        return None
    dlg = wait_for(dialog, 20)
    tap.check(dlg is not None, 'Drive → iozone Sweep… opens the "iozone Sweep" dialog', [])

    if dlg is None:
        return
    time.sleep(1.0)
    objects = list(walk(dlg))[:MAX_NODES]
    if dump:
        for obj, path in objects:
            print('# iozone: ' + '  ' * (len(path) - 1) + describe(obj, path))
    bad = focusable_without_name(objects) + badly_named(objects)
    tap.check(not bad, 'every focusable object in the iozone dialog has a spoken name (%d '
              'objects)' % len(objects), ['badly named or unnamed: ' + b for b in bad])
    check_audit(tap, 'the iozone dialog', objects)
    check_dialog_role(tap, dlg, 'the iozone dialog')
    checks = sorted(safe(lambda: o.name, '') or '' for o, _ in objects
                    if safe(o.getRoleName) == 'check box')
    want = sorted(['Write', 'Re-write', 'Read', 'Re-read', 'Random Read', 'Random Write',
                   'Backward Read', 'Stride Read', 'One-Record Rewrite', 'Random Mix',
                   'Pwrite', 'Re-pwrite', 'Pread', 'Re-pread'])
    tap.check(checks == want, 'each operation\'s check box is named by its operation',
              ['check boxes: %r' % checks])
    maps = [(safe(lambda: o.name, ''), safe(lambda: o.description, '') or '') for o, _ in objects
            if safe(o.getRoleName) == 'image']
    tap.check(len(maps) == 1 and maps[0][0] == 'Write, MB/s by file and record size' and
              'Nothing measured yet' in maps[0][1],
              'the heat map is an image named for its operation that says what it holds',
              ['images: %r' % maps])
    dxid = x_window_named('iozone Sweep')
    if dxid is not None:
        xdotool('key', '--window', dxid, 'Escape')


def app_windows(app):
    return [w for w in (safe(lambda: app.getChildAtIndex(j))
                        for j in range(safe(lambda: app.childCount, 0))) if w is not None]


def open_from_menu(win, xid, path):
    """Opens the main menu with F10 and activates each item of path in turn, as a screen reader
    user does. Returns the first missing item, or None."""
    # The keyboard goes to the window, as after a dialog closed under a window manager.
    xdotool('windowfocus', '--sync', xid)
    time.sleep(0.5)
    xdotool('key', '--window', xid, 'F10')

    def item(name):
        return [o for o, _ in walk(win) if (safe(lambda: o.name, '') or '').replace('_', '')
                == name and safe(o.getRoleName, '').startswith('menu')]
    for name in path:
        found = wait_for(lambda: item(name), 10)
        if not found and name == path[0]:
            xdotool('key', '--window', xid, 'F10')  # F10 may have closed a menu left open
            found = wait_for(lambda: item(name), 10)
        if not found:
            xdotool('key', '--window', xid, 'Escape')
            return name
        action = safe(found[0].queryAction)
        if action is None or not safe(lambda: action.doAction(0), False):
            xdotool('key', '--window', xid, 'Return')
        time.sleep(0.5)
    return None


# Every dialog the main menu opens that no other check walks: the menu's path to it, and the
# role a screen reader should be told.
MENU_DIALOGS = [
    (('Profile', 'Tests…'), 'dialog'),
    (('Drive', 'Check Capacity…'), 'dialog'),
    (('Keyboard Shortcuts',), 'frame'),
    (('About GDiskMark',), 'dialog'),
]


def check_menu_dialogs(tap, app, win, xid, dump):
    """Each dialog of MENU_DIALOGS, opened from the menu: what a screen reader hears of it (no
    type name, no name twice, no hidden label, every focusable object named, its role), and
    Escape closes it."""
    if xid is None:
        tap.check(False, 'the menu\'s dialogs can be reached from the keyboard', ['no X window'])
        return
    if dump:
        print('# windows before the menu\'s dialogs: %r'
              % [(safe(w.getRoleName), safe(lambda: w.name)) for w in app_windows(app)])
    for path, role in MENU_DIALOGS:
        where = ' → '.join(path)
        before = {key(w) for w in app_windows(app)}
        missing = open_from_menu(win, xid, path)
        if missing:
            tap.check(False, 'the menu offers "%s"' % where, ['not found: %s' % missing])
            continue
        dlg = wait_for(lambda: [w for w in app_windows(app) if key(w) not in before], 20)
        tap.check(bool(dlg), '%s opens a window' % where, [])
        if not dlg:
            continue
        dlg = dlg[0]
        time.sleep(1.0)
        objects = list(walk(dlg))[:MAX_NODES]
        if dump:
            for obj, p in objects:
                print('# %s: ' % where + '  ' * (len(p) - 1) + describe(obj, p))
        bad = focusable_without_name(objects) + badly_named(objects)
        tap.check(not bad, '%s: every focusable object has a spoken name (%d objects)'
                  % (where, len(objects)), ['badly named or unnamed: ' + b for b in bad])
        check_audit(tap, where, objects)
        check_dialog_role(tap, dlg, where, role)
        name = safe(lambda: dlg.name, '') or ''
        dxid = x_window_named(re.escape(name)) if name else None
        tries = []
        gone = None
        # The key as the window manager gives it (the dialog focused), else sent to the dialog's
        # window as the other checks send theirs.
        for how in (('key', 'Escape'), ('key', '--window', dxid or xid, 'Escape')):
            if dxid is not None:
                xdotool('windowfocus', '--sync', dxid)
                time.sleep(0.3)
            xdotool(*how)
            tries.append(' '.join(how))
            gone = wait_for(lambda: all(key(w) != key(dlg) for w in app_windows(app)), 5)
            if gone:
                break
        tap.check(bool(gone), '%s: Escape closes "%s"' % (where, name),
                  ['tried: %s; X window: %s' % ('; '.join(tries), dxid)])


def check_opened_result(tap, win, gui, env, files):
    """One saved result opened in the main window: its Close button is named as it reads."""
    subprocess.run([gui, files[0]], env=env, stdout=sys.stderr, stdin=subprocess.DEVNULL,
                   timeout=60)
    found = wait_for(lambda: named(win, 'Close Saved Result'), 30)
    objects = list(walk(win))[:MAX_NODES]
    bad = badly_named(objects)
    tap.check(bool(found) and not bad,
              'an opened result\'s "Close Saved Result" button is named as it reads',
              ['found: %d' % len(found or [])] + ['badly named: ' + b for b in bad])


# A drive negotiated down behind its slot, on battery: the panel's rows are the link, the
# verdict and the conditions (what dmk-result-chain.c reads back from a saved result).
CHAIN_LINK = {'kind': 'pcie', 'disk': 'nvme0n1', 'node': '0000:01:00.0',
              'what': 'PCIe 3.0 x2', 'bytes_per_s': 1969230769,
              'most': 'PCIe 4.0 x4', 'most_bytes_per_s': 7876923076,
              'device_most': 'PCIe 4.0 x4', 'held_by': 'link'}


def chain_file(path):
    """A copy of the saved result at path with the chain above and on battery: its path."""
    with open(path) as f:
        doc = json.load(f)
    doc['chain'] = {'links': [CHAIN_LINK], 'verdict': []}
    doc['conditions'] = {'power': 'battery', 'cpu_governor': 'powersave'}
    out = os.path.join(os.path.dirname(path), 'chain.json')
    with open(out, 'w') as f:
        json.dump(doc, f)
    return out


def check_chain_panel(tap, win, dump):
    """The opened result of chain_file(): the line under its facts opens a panel that a screen
    reader hears as a list, one item per link, verdict and the conditions, each with words."""
    def button():
        # Its summary is the slot's limit, said as it reads, the whole of it described.
        return [o for o, _ in walk(win)
                if (safe(lambda: o.name, '') or '').startswith('Limit: ')
                and 'PCIe' in (safe(lambda: o.description, '') or '')
                and 'button' in safe(o.getRoleName, '')]
    found = wait_for(button, 30)
    tap.check(bool(found), 'a result with a chain shows the chain\'s button, named as it reads',
              ['no button named "Limit: …PCIe…"; buttons: %r' %
               [(safe(o.getRoleName), safe(lambda: o.name), safe(lambda: o.description))
                for o, _ in walk(win) if 'button' in safe(o.getRoleName, '')]])
    if not found:
        return
    btn = found[0]
    name = safe(lambda: btn.name, '') or ''
    tap.check(name.strip() != '', 'the chain\'s button speaks its summary', ['name: %r' % name])
    action = safe(btn.queryAction)
    if action is None or not safe(lambda: action.doAction(0), False):
        tap.check(False, 'the chain\'s button can be pressed by a screen reader', ['no action'])
        return

    def the_list():
        return [o for o, _ in walk(win) if safe(o.getRoleName, '') in ('list', 'list box')
                and safe(lambda: o.name, '') == 'Chain and conditions']
    lists = wait_for(the_list, 10)
    tap.check(bool(lists), 'pressing it opens a list named "Chain and conditions"',
              ['roles seen: %r' % sorted({safe(o.getRoleName, '') for o, _ in walk(win)})])
    if not lists:
        return
    objects = list(walk(lists[0]))
    if dump:
        for obj, p in objects:
            print('# chain: ' + '  ' * (len(p) - 1) + describe(obj, p))
    items = [o for o, p in objects if safe(o.getRoleName, '') == 'list item']

    def words(item):
        return ' '.join(filter(None, [(safe(lambda: o.name, '') or '').strip()
                                      for o, _ in walk(item)]))
    said = [words(i) for i in items]
    tap.check(len(items) >= 3 and all(said),
              'the screen reader hears the chain as a list of %d items, each with words'
              % len(items), ['items: %r' % said])
    tap.check(any('PCIe 3.0 x2' in s for s in said) and any('battery' in s for s in said),
              'its items say the link (PCIe 3.0 x2) and the conditions (battery)',
              ['items: %r' % said])
    check_audit(tap, 'the chain\'s panel', objects)
    xdotool('key', 'Escape')
    time.sleep(0.5)


def inner():
    import pyatspi

    gui = os.environ['GDISKMARK_GUI']
    dump = os.environ.get('DMK_A11Y_DUMP') is not None
    tap = Tap()
    home = tempfile.mkdtemp(prefix='gdiskmark-a11y-')
    env = dict(os.environ)
    env.pop('GTK_A11Y', None)
    env.pop('NO_AT_BRIDGE', None)
    for name in ('DATA', 'CONFIG', 'CACHE'):
        env['XDG_%s_HOME' % name] = os.path.join(home, name.lower())
    # A history of its own: the comparison's two runs are its target's only entries.
    env['GDISKMARK_HISTORY'] = os.path.join(home, 'history.sqlite')
    # A used settings store, as a keyfile: tiny runs on a folder of the test's own.
    target = os.path.join(home, 'target')
    os.makedirs(target)
    keyfile = os.path.join(env['XDG_CONFIG_HOME'], 'glib-2.0', 'settings', 'keyfile')
    os.makedirs(os.path.dirname(keyfile))
    with open(keyfile, 'w') as f:
        f.write('[io/github/gdiskmark/GDiskMark]\nsize-mib=16\npasses=1\nmeasure-time=10\n'
                'interval=0\nprofile=\'demo\'\nlast-target=\'%s\'\n' % target)
    env['GSETTINGS_BACKEND'] = 'keyfile'
    # stdout carries the TAP: the app's output goes to stderr, into the log.
    # Xvfb resets itself when its last client leaves (the test before this one): an app that
    # starts in that moment cannot open the display. Such an early exit is retried, a few times.
    for attempt in range(5):
        app_proc = subprocess.Popen([gui], env=env, stdout=sys.stderr, stdin=subprocess.DEVNULL)
        started = time.monotonic()
        try:
            app_proc.wait(timeout=3)
        except subprocess.TimeoutExpired:
            break
        if time.monotonic() - started > 3:
            break
        time.sleep(1)
    try:
        app, win = find_app(app_proc)
        tap.check(win is not None, 'the window of gdiskmark appears in the AT-SPI desktop',
                  [] if win is not None else
                  ['no window named GDiskMark from pid %d within %d s (exit status %r)'
                   % (app_proc.pid, APP_TIMEOUT, app_proc.poll())])
        if win is None:
            return tap.emit()

        # Give the window the keyboard as a window manager would, then let GTK settle.
        xid = None
        deadline = time.monotonic() + 10
        while xid is None and time.monotonic() < deadline:
            xid = x_window(app_proc.pid)
            if xid is None:
                time.sleep(0.25)
        if xid is not None:
            xdotool('windowfocus', '--sync', xid)
        time.sleep(1.5)

        objects = list(walk(win))[:MAX_NODES]
        seen = {key(o) for o, _ in objects}
        if dump:
            for obj, path in objects:
                print('# ' + '  ' * (len(path) - 1) + describe(obj, path))

        bad = focusable_without_name(objects)
        tap.check(not bad, 'every focusable object in the window has a spoken name (%d objects)'
                  % len(objects), ['unnamed: ' + b for b in bad])

        bad = badly_named(objects)
        tap.check(not bad, 'no object is named with a mnemonic\'s underscore or a type\'s name',
                  ['badly named: ' + b for b in bad])
        check_audit(tap, 'the window', objects)
        hidden = run_buttons(objects)
        tap.check(not hidden, 'the hidden scan views\' controls are not offered in the '
                  'Benchmark view', ['offered: %d Run buttons' % len(hidden)])

        alls = [o for o, _ in objects if safe(lambda: o.name) == 'Run All Tests']
        tap.check(len(alls) == 1, 'the All button is named "Run All Tests"',
                  ['found %d objects with that name' % len(alls)] if len(alls) != 1 else [])

        focused = [(o, p) for o, p in objects if pyatspi.STATE_FOCUSED in states(o)]
        tap.check(len(focused) == 1 and alls and focused[0][0] == alls[0],
                  'keyboard focus starts on the All button',
                  ['focused: ' + describe(o, p) for o, p in focused] or ['nothing is focused'])

        # The menu, opened with F10 as a user would, and each dropdown's list.
        popups = []
        if xid is not None:
            xdotool('key', '--window', xid, 'F10')
            time.sleep(1.0)
            popups += [(o, p) for o, p in walk(win) if key(o) not in seen]
            xdotool('key', '--window', xid, 'Escape')
            time.sleep(0.5)
        # Each dropdown as a keyboard user opens it: its shortcut focuses it, space opens it.
        for shortcut in ('alt+p', 'alt+s', 'alt+t', 'alt+u'):
            if xid is None:
                break
            xdotool('key', '--window', xid, shortcut)
            time.sleep(0.3)
            xdotool('key', '--window', xid, 'space')
            time.sleep(1.0)
            popups += [(o, p) for o, p in walk(win) if key(o) not in seen]
            xdotool('key', '--window', xid, 'Escape')
            time.sleep(0.5)
        if dump:
            for obj, path in popups:
                print('# popup: ' + '  ' * (len(path) - 1) + describe(obj, path))
        bad = focusable_without_name(popups)
        tap.check(not bad, 'every focusable object in the menu and the dropdowns\' lists has a '
                  'spoken name (%d objects)' % len(popups), ['unnamed: ' + b for b in bad])
        check_audit(tap, 'the menu and the dropdowns\' lists', popups)

        check_stop_state(tap, win, xid, dump)
        check_scan_views(tap, win, xid, dump)
        check_iozone(tap, app, win, xid, dump)
        check_menu_dialogs(tap, app, win, xid, dump)
        files = check_comparison(tap, app, gui, env, home, dump)
        if files:
            # The opened result knows its chain: a drive held back by its slot, on battery.
            check_opened_result(tap, win, gui, env, [chain_file(files[0])])
            check_chain_panel(tap, win, dump)
            check_history(tap, app, win, xid, dump)
        return tap.emit()
    finally:
        app_proc.terminate()
        try:
            app_proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            app_proc.kill()
            app_proc.wait(timeout=10)
        shutil.rmtree(home, ignore_errors=True)


if __name__ == '__main__':
    if INNER in sys.argv[1:]:
        sys.exit(0 if inner() else 1)
    outer()
