#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
#
# Reference values for the change intervals (ratio of means, log scale)
# in tests/unit/test_twosample.c and the Welch p-values of run means
# in tests/unit/test_compare.c.  Independent of the C code: the moments
# come from python3's statistics module, the Student t tail from mpmath
# 1.3 (Debian's python3-mpmath) as the regularized incomplete beta
# function, its quantile by bisection at 40 digits.  Holm's adjustment of
# these p-values is worked out by hand in the tests' comments.
import math
import statistics

import mpmath

mpmath.mp.dps = 40


def t_sf(t, df):
    """P(T > t) for t >= 0: I_{df / (df + t^2)}(df / 2, 1 / 2) / 2."""
    x = df / (df + t * t)
    return mpmath.betainc(df / 2, 0.5, 0, x, regularized=True) / 2


def t_isf(q, df):
    q = mpmath.mpf(q)
    lo, hi = mpmath.mpf(0), mpmath.mpf(1)
    while t_sf(hi, df) > q:
        hi *= 2
    for _ in range(160):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if t_sf(mid, df) > q else (lo, mid)
    return (lo + hi) / 2


def ratio(a, b, alpha=0.05):
    """The 1 - alpha interval of mean(b) / mean(a) - 1, in %."""
    ma, mb = statistics.fmean(a), statistics.fmean(b)
    la = statistics.variance(a) / (len(a) * ma * ma)
    lb = statistics.variance(b) / (len(b) * mb * mb)
    df = (la + lb) ** 2 / (la * la / (len(a) - 1) + lb * lb / (len(b) - 1))
    h = float(t_isf(alpha / 2, mpmath.mpf(df))) * math.sqrt(la + lb)
    r = mb / ma
    return 100 * (r * math.exp(-h) - 1), 100 * (r * math.exp(h) - 1), df


def welch_p(a, b):
    ma, mb = statistics.fmean(a), statistics.fmean(b)
    sa = statistics.variance(a) / len(a)
    sb = statistics.variance(b) / len(b)
    t = (mb - ma) / math.sqrt(sa + sb)
    df = (sa + sb) ** 2 / (sa * sa / (len(a) - 1) + sb * sb / (len(b) - 1))
    return t, df, float(2 * t_sf(abs(t), mpmath.mpf(df)))


CLEAR_A = [117.2, 118.9, 116.4, 119.5, 117.8, 118.1, 116.9, 120.3, 117.5,
           118.6]
CLEAR_B = [55.1, 54.8, 56.2, 55.7, 54.3, 55.9, 56.8, 55.4, 54.9, 56.1]
AA_A = [182.3, 179.6, 185.1, 181.0, 183.7, 180.4, 184.2, 182.9, 178.8,
        186.0]
AA_B = [181.7, 184.5, 180.1, 183.2, 179.3, 185.6, 182.0, 181.4, 184.9,
        180.8]
UNEQ_A = [50.2, 50.5, 49.9, 50.1, 50.4]
UNEQ_B = [52.0, 47.5, 55.3, 49.1, 58.2, 46.8, 53.7, 51.9, 60.4, 48.3,
          54.6, 57.1]

CASES = {
    'clear': (CLEAR_A, CLEAR_B, 0.05),
    'aa': (AA_A, AA_B, 0.05),
    'uneq': (UNEQ_A, UNEQ_B, 0.05),
    'uneq alpha 0.1': (UNEQ_A, UNEQ_B, 0.1),
    'tiny2': ([10.0, 11.0], [12.5, 13.0], 0.05),
    'tiny3': ([1.0, 2.0, 3.0], [2.5, 4.0, 5.5], 0.05),
    'tiny3 reversed': ([2.5, 4.0, 5.5], [1.0, 2.0, 3.0], 0.05),
    'const': ([5.0] * 4, [5.1, 5.3, 4.9, 5.2], 0.05),
    'ties': ([26, 28, 28, 29, 30, 30, 31], [28, 30, 30, 32, 33, 33, 35, 36],
             0.05),
}

# Run means of test_compare.c and compare_pair.c: fixture_runs() spreads
# each run's samples evenly around them.
RUNS = {
    'runs_fast': ([100, 106, 98, 104], [60, 66, 58, 64]),
    'runs_near': ([100, 106, 98, 104], [107, 112, 108, 113]),
}


def main():
    for name, (a, b, alpha) in CASES.items():
        lo, hi, df = ratio(a, b, alpha)
        print(f"{name}: rel_lo = {lo!r}, rel_hi = {hi!r} (df {df!r})")
    for name, (a, b) in RUNS.items():
        t, df, p = welch_p(a, b)
        print(f"{name}: Welch t = {t!r}, df = {df!r}, p = {p!r}")


if __name__ == '__main__':
    main()
