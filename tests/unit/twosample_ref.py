#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
#
# Reference values for tests/unit/test_twosample.c, computed with
# Debian 12's python3-scipy 1.10.1 and python3-numpy 1.24.2.  Run it with
# /usr/bin/python3 and paste what it prints into the test.  Welch's
# interval is not in scipy 1.10's ttest_ind, so it is built here from
# numpy's moments and scipy.stats.t.ppf.
from decimal import Decimal, getcontext

import numpy as np
import scipy
from scipy import stats

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
TINY2_A = [10.0, 11.0]
TINY2_B = [12.5, 13.0]
TINY3_A = [1.0, 2.0, 3.0]
TINY3_B = [2.5, 4.0, 5.5]
CONST_A = [5.0, 5.0, 5.0, 5.0]
CONST_B = [5.1, 5.3, 4.9, 5.2]
TIES_A = [26.0, 28.0, 28.0, 29.0, 30.0, 30.0, 31.0]
TIES_B = [28.0, 30.0, 30.0, 32.0, 33.0, 33.0, 35.0, 36.0]
TIES3_A = [1.0, 2.0, 2.0]
TIES3_B = [2.0, 3.0, 3.0]
ONE_A = [1.0]
ONE_B = [2.0]


# Same formulas as the C test: exact binary fractions, so identical.
def exact30():
    a = [2.0 * ((i * 7) % 31) for i in range(30)]
    b = [2.0 * ((j * 11) % 37) + 7.0 for j in range(30)]
    return a, b


def big60_70():
    a = [1000.0 + ((i * 7919) % 211) / 4.0 for i in range(60)]
    b = [1010.0 + ((j * 104729) % 223) / 4.0 for j in range(70)]
    return a, b


def welch(name, a, b, alpha=0.05):
    a, b = np.array(a), np.array(b)
    r = stats.ttest_ind(b, a, equal_var=False)
    va, vb = a.var(ddof=1) / len(a), b.var(ddof=1) / len(b)
    df = (va + vb) ** 2 / (va ** 2 / (len(a) - 1) + vb ** 2 / (len(b) - 1))
    d = b.mean() - a.mean()
    half = stats.t.ppf(1 - alpha / 2, df) * np.sqrt(va + vb)
    print(f"{name}: ttest_ind(b, a, equal_var=False) t={r.statistic!r} "
          f"p={r.pvalue!r} df={df!r} diff={d!r} "
          f"lo={d - half!r} hi={d + half!r} "
          f"rel={100 * d / a.mean()!r} "
          f"rel_lo={100 * (d - half) / a.mean()!r} "
          f"rel_hi={100 * (d + half) / a.mean()!r}")


# Exact permutation p of the U statistic, by scipy.stats.permutation_test
# over every split (n_resamples=inf), twice the smaller tail.
def perm_p(a, b):
    def u(x, y, axis):
        return stats.mannwhitneyu(x, y, axis=axis).statistic
    r = stats.permutation_test((b, a), u, permutation_type='independent',
                               n_resamples=np.inf, vectorized=True,
                               alternative='two-sided')
    return r.pvalue


def mwu(name, a, b, perm=False):
    n = len(a) + len(b)
    out = f"{name}: "
    for meth in ("exact", "asymptotic"):
        r = stats.mannwhitneyu(b, a, alternative='two-sided', method=meth)
        out += f"U={r.statistic!r} p_{meth}={r.pvalue!r} "
    if perm:
        out += f"p_perm={perm_p(a, b)!r} "
    hl = np.median(np.subtract.outer(np.array(b), np.array(a)))
    out += f"hl={hl!r} ties={len(set(a + b)) < n}"
    print(out)


# scipy 1.10's t.ppf (cephes stdtrit) is good to about 1e-9 relative
# only, so even df are also inverted here from the closed form of the tail,
# P(T > t) = (1 - sin q (1 + cos^2 q / 2 + 1 3 cos^4 q / (2 4) + ...)) / 2
# with q = atan(t / sqrt(df)), in 60-digit decimals by bisection.
def tail_even(t, df):
    s = t / (df + t * t).sqrt()
    c2 = df / (df + t * t)
    term = total = Decimal(1)
    for k in range(1, int(df) // 2):
        term = term * (2 * k - 1) / (2 * k) * c2
        total += term
    return (1 - s * total) / 2


def tq_even(p, df):
    getcontext().prec = 60
    q, lo, hi = Decimal(p), Decimal(0), Decimal(1)
    while tail_even(hi, df) > q:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if tail_even(mid, df) > q else (lo, mid)
    return float((lo + hi) / 2)


def tq():
    for df in (1.0, 2.5, 10.0, 1000.0, 1e6):
        for p in (0.975, 0.995, 0.9, 0.6, 0.025, 1e-8):
            print(f"t.ppf({p!r}, {df!r}) = {stats.t.ppf(p, df)!r}")
    for df in (10, 1000):
        for q in (0.025, 0.005, 0.1, 0.4, 1e-8):
            print(f"exact upper {q!r} quantile, df {df}: {tq_even(q, df)!r}")


# Above df 1e5 the C code uses Abramowitz and Stegun 26.7.5; this is the
# same expansion around scipy's norm.isf, to check the transcription.
def tq_big():
    for df in (1e8, 1e12):
        for q in (0.025, 1e-8):
            z = stats.norm.isf(q)
            g = ((z ** 3 + z) / 4,
                 (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96,
                 (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384,
                 (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5
                  - 1920 * z ** 3 - 945 * z) / 92160)
            t = z + sum(gi / df ** (i + 1) for i, gi in enumerate(g))
            print(f"cornish-fisher upper {q!r}, df {df!r}: {t!r}")


def main():
    print(f"scipy {scipy.__version__} numpy {np.__version__}")
    for name in ("CLEAR", "AA", "UNEQ", "TINY2", "TINY3", "CONST", "TIES"):
        a, b = globals()[name + "_A"], globals()[name + "_B"]
        welch(name, a, b)
    welch("UNEQ alpha=0.1", UNEQ_A, UNEQ_B, alpha=0.1)
    for name in ("CLEAR", "AA", "UNEQ", "TINY2", "TINY3", "TIES", "TIES3",
                 "ONE"):
        a, b = globals()[name + "_A"], globals()[name + "_B"]
        mwu(name, a, b, perm=2 <= min(len(a), len(b)) and len(a + b) <= 20)
    mwu("EXACT30", *exact30())
    mwu("BIG60_70", *big60_70())
    # The permutation p must equal scipy's exact p when nothing is tied.
    for a, b in ((TINY3_A, TINY3_B), (UNEQ_A, UNEQ_B)):
        pe = stats.mannwhitneyu(b, a, method='exact').pvalue
        assert abs(perm_p(a, b) - pe) < 1e-12 * pe
    tq()
    tq_big()


if __name__ == "__main__":
    main()
