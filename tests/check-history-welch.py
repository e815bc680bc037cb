#!/usr/bin/python3
# check-history-welch.py: recomputes the history's statistics from its own output with scipy.
#
#   check-history-welch.py HISTORY.json [HISTORY.csv [HISTORY.txt]]
#
# From `gdiskmark-cli history --json`: every test's earlier-runs median, range and spread from
# its earlier scores; the newest run's change against that median; Welch's t, df and p-value
# from the passes the JSON says the test used (scipy.stats.ttest_ind, equal_var=False); the
# verdict from p < 0.05. From --csv: the same passes, each row's passes as the JSON has them,
# and the same p-value. From the text: the printed median, newest and change are the JSON's,
# and the change is the newest against the printed median. Which runs are pooled, from the
# entries' own settings: only runs of the newest run's engine, test size, score rule,
# until-stable, verification, cache use, data, mode and re-read (and, per test, its engine and a
# Mix test's read share); every other earlier entry of a test is left out, with its reason in
# the CSV and counted in the JSON. Prints what it checked; exits 1 at the first difference, 77
# (skip) without scipy.
import csv
import json
import math
import re
import statistics
import sys

try:
    from scipy import stats
except ImportError:
    print('scipy is not installed for this python3 (python3-scipy)')
    sys.exit(77)

REL = 1e-9


def fail(what):
    print('MISMATCH: ' + what)
    sys.exit(1)


def close(a, b, what, rel=REL, abs_tol=1e-12):
    if a is None or b is None or not math.isclose(a, b, rel_tol=rel, abs_tol=abs_tol):
        fail('%s: %r against %r' % (what, a, b))


def welch_df(a, b):
    qa = statistics.variance(a) / len(a)
    qb = statistics.variance(b) / len(b)
    return (qa + qb) ** 2 / (qa ** 2 / (len(a) - 1) + qb ** 2 / (len(b) - 1))


def check_stat(drive, s, tests):
    name = '%s %s %s' % (drive['id'], s['test'], s['direction'])
    earlier = s['earlier_scores_mb_per_s']
    if len(earlier) != s['earlier_entries'] or s['entries'] != len(earlier) + 1:
        fail(name + ': entries')
    if earlier:
        mean = statistics.fmean(earlier)
        rsd = 100 * statistics.stdev(earlier) / mean if len(earlier) > 1 else 0.0
        close(s['earlier_median_mb_per_s'], statistics.median(earlier), name + ': median')
        close(s['earlier_min_mb_per_s'], min(earlier), name + ': min')
        close(s['earlier_max_mb_per_s'], max(earlier), name + ': max')
        close(s['earlier_rsd_percent'], rsd, name + ': rsd', rel=1e-7, abs_tol=1e-9)
    welch = s['welch']
    if not s['measured_by_newest'] or not earlier:
        if welch is not None or s['newest_noise'] != 'unknown':
            fail(name + ': judged without a base')
        return
    median = statistics.median(earlier)
    close(s['newest_delta_percent'], 100 * (s['newest_mb_per_s'] - median) / median,
          name + ': change against the earlier median')
    if welch is None:
        if s['newest_noise'] != 'unknown':
            fail(name + ': a verdict without a test')
        return
    a, b = welch['newest_passes_mb_per_s'], welch['earlier_passes_mb_per_s']
    r = stats.ttest_ind(a, b, equal_var=False)
    close(welch['t'], float(r.statistic), name + ': t', rel=1e-9)
    close(welch['df'], welch_df(a, b), name + ': df', rel=1e-9)
    close(welch['p_value'], float(r.pvalue), name + ': p', rel=1e-6, abs_tol=1e-15)
    noise = 'beyond' if r.pvalue < 0.05 else 'within'
    if s['newest_noise'] != noise:
        fail('%s: %s, scipy says %s (p = %g)' % (name, s['newest_noise'], noise, r.pvalue))
    tests[(str(drive['id']), s['test'], s['direction'])] = (s, a, b, float(r.pvalue))
    print('%s: newest %.3f against the median %.3f of %d earlier: %+.2f %%, t %.4f, df %.3f, '
          'p %.6g on %d and %d passes: %s' % (name, s['newest_mb_per_s'], median, len(earlier),
                                               s['newest_delta_percent'], r.statistic,
                                               welch['df'], r.pvalue, len(a), len(b), noise))


def check_csv(path, tests):
    rows = list(csv.DictReader(open(path, newline='', encoding='utf-8')))
    for key, (s, newest, earlier, p) in tests.items():
        mine = [r for r in rows if (r['drive'], r['test'], r['direction']) == key]
        passes = {'newest': [], 'earlier': []}
        for r in mine:
            if r['pooled_as']:
                passes[r['pooled_as']] += [float(v) for v in r['passes_mb_per_s'].split()]
        if passes['newest'] != newest or passes['earlier'] != earlier:
            fail('%s: the CSV pooled other passes than the JSON' % (key,))
        top = [r for r in mine if r['pooled_as'] == 'newest']
        if len(top) != 1:
            fail('%s: %d newest rows in the CSV' % (key, len(top)))
        top = top[0]
        close(float(top['p_value']), p, '%s: the CSV p' % (key,), rel=1e-6, abs_tol=1e-15)
        close(float(top['earlier_median_mb_per_s']),
              statistics.median(s['earlier_scores_mb_per_s']), '%s: the CSV median' % (key,))
        if (int(top['newest_passes']), int(top['earlier_passes'])) != (len(newest), len(earlier)):
            fail('%s: the CSV pass counts' % (key,))
        if top['noise'] != s['newest_noise']:
            fail('%s: the CSV verdict' % (key,))
    print('CSV: %d tests, the same passes and p-values' % len(tests))


# The run-wide settings in the order the history names the first that differs.
RUN_WIDE = [('engine', lambda e: (e['engine'],)),
            ('test_size', lambda e: (e['settings']['size_bytes'],)),
            ('score', lambda e: (e['settings'].get('score', 'best'),)),
            ('until_stable', lambda e: (e['settings'].get('until_stable', False),)),
            ('verify', lambda e: (e['settings'].get('verify', False),)),
            ('cache', lambda e: (e['settings']['direct'],)),
            ('data', lambda e: (e['settings']['data'],)),
            ('mode', lambda e: (e['settings']['mode'],)),
            ('reread', lambda e: (e['settings'].get('reread', False),))]


def unlike(entry, newest):
    for why, key in RUN_WIDE:
        if key(entry) != key(newest):
            return why
    return ''


def check_left_out(path, doc):
    """From the entries' settings and the CSV's per-test engines: which earlier entries of each
    test the history should have left out, and why; against the CSV and the JSON."""
    rows = list(csv.DictReader(open(path, newline='', encoding='utf-8')))
    n = 0
    for drive in doc['drives']:
        grids = [e for e in drive['entries'] if e['kind'] == 'grid']
        if not grids:
            continue
        newest = grids[-1]
        by_id = {str(e['id']): e for e in drive['entries']}
        mine = [r for r in rows if r['drive'] == str(drive['id']) and r['test']]
        top = {(r['test'], r['direction']): r for r in mine if r['entry'] == str(newest['id'])}
        for s in drive['stats']:
            key = (s['test'], s['direction'])
            counts = {}
            for r in mine:
                if (r['test'], r['direction']) != key or r['entry'] == str(newest['id']):
                    continue
                e = by_id[r['entry']]
                why = unlike(e, newest)
                if not why and key in top and r['engine'] != top[key]['engine']:
                    why = 'engine'
                if not why and s['direction'] == 'mix' and e['settings']['mix_read_percent'] != \
                        newest['settings']['mix_read_percent']:
                    why = 'mix_share'
                if (r['left_out_because'] or '') != why or bool(r['pooled_as']) == bool(why):
                    fail('%s %s entry %s: left out %r pooled %r, its settings say %r' %
                         (drive['id'], key, r['entry'], r['left_out_because'], r['pooled_as'], why))
                if why:
                    counts[why] = counts.get(why, 0) + 1
            got = {o['why']: o['entries'] for o in s['earlier_left_out_because']}
            if got != counts or s['earlier_left_out'] != sum(counts.values()):
                fail('%s %s: the JSON left out %r, the settings say %r' % (drive['id'], key, got,
                                                                           counts))
            n += sum(counts.values())
    print('left out: %d earlier entries, each for the setting its JSON shows' % n)


LINE = re.compile(r'^  (\S+ \S+ \S+): median of the (\d+) earlier runs? ([\d.]+) MB/s '
                  r'\(([\d.]+)–([\d.]+), RSD ([\d.]+) %\); newest ([\d.]+): ([+-]?[\d.]+) % '
                  r'against the earlier runs’ median \((beyond|within) noise: p ([=<]) ([\d.]+), '
                  r'Welch’s t-test on (\d+) and (\d+) passes\)$')


def check_text(path, tests):
    lines = [LINE.match(l) for l in open(path, encoding='utf-8').read().splitlines()]
    lines = [m for m in lines if m]
    if len(lines) != len(tests):
        fail('text: %d judged lines, the JSON has %d tests' % (len(lines), len(tests)))
    for m, (s, a, b, p) in zip(lines, tests.values()):
        median, newest, delta = float(m.group(3)), float(m.group(7)), float(m.group(8))
        close(median, round(s['earlier_median_mb_per_s'], 1), m.group(1) + ': printed median',
              abs_tol=0.051)
        close(newest, round(s['newest_mb_per_s'], 1), m.group(1) + ': printed newest',
              abs_tol=0.051)
        close(delta, s['newest_delta_percent'], m.group(1) + ': printed change', abs_tol=0.051)
        # One base: the printed change is the printed newest against the printed median, each
        # of the three rounded to 0.05: the change moves by 100/median per MB/s of the newest
        # and by 100·newest/median² per MB/s of the median.
        close(delta, 100 * (newest - median) / median, m.group(1) + ': change of the printed',
              abs_tol=0.05 + 0.05 * 100 / median * (1 + newest / median) + 1e-9)
        if int(m.group(2)) != s['earlier_entries'] or (int(m.group(12)), int(m.group(13))) != \
                (len(a), len(b)) or m.group(9) != s['newest_noise']:
            fail(m.group(1) + ': printed counts or verdict')
        if m.group(10) == '<' and p >= 0.001 or m.group(10) == '=' and \
                abs(float(m.group(11)) - p) > 0.0005:
            fail(m.group(1) + ': printed p')
    print('text: %d lines, the numbers of the JSON on one base' % len(lines))


def main():
    doc = json.load(open(sys.argv[1], encoding='utf-8'))
    if doc['schema'] != 'gdiskmark-history/2':
        fail('schema ' + doc['schema'])
    tests = {}
    n = 0
    for drive in doc['drives']:
        for s in drive['stats']:
            check_stat(drive, s, tests)
            n += 1
    print('JSON: %d tests, %d Welch tests recomputed' % (n, len(tests)))
    if len(sys.argv) > 2:
        check_csv(sys.argv[2], tests)
        check_left_out(sys.argv[2], doc)
    if len(sys.argv) > 3:
        check_text(sys.argv[3], tests)
    print('welch-tests %d' % len(tests))
    return 0


if __name__ == '__main__':
    sys.exit(main())
