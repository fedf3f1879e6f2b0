#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
#
# Reference values for tests/unit/test_power.c, computed with Debian 12's
# python3-scipy 1.10.1, python3-statsmodels 0.13.5 and python3-numpy
# 1.24.2 (apt-get install python3-scipy python3-statsmodels; the unit
# tests only need what this prints, pasted into them).  Run it with
# /usr/bin/python3.
#
#   nct:    the power of a two-sided t-test, P(|T| > c) for T noncentral
#           t: stats.nct.sf(c, df, ncp) + stats.nct.cdf(-c, df, ncp)
#   welch:  the textbook minimum detectable effect of Welch's test: the
#           ncp with 80 % power at the Welch-Satterthwaite df (brentq on
#           stats.nct), times the standard error; with equal groups also
#           statsmodels' TTestIndPower().solve_power(), which is the same
#           question asked in Cohen's d
#   crit:   the largest U whose exact (asymptotic above 100 values)
#           two-sided p is below 0.05, from stats.mannwhitneyu on groups
#           built to have each U
#   rule:   how often compare's rule - Welch's p below level and the
#           Mann-Whitney p below 0.05 - detects a shift of the size
#           test_power.c's hb_mde() reports, by 20000 trials drawn with
#           numpy (seed 20): its calibration, checked by other code
import numpy as np
import scipy
import statsmodels
from scipy import optimize, stats
from statsmodels.stats.power import TTestIndPower

NCT = [(2.0, 6.0, 2.8), (2.0, 1.0, 1.0), (3.5, 30.0, 3.0),
       (2.0, 1000.0, 2.8), (2.0, 1e6, 2.8), (8000.0, 1.0, 9000.0),
       (3.0, 2.5, -1.5), (0.0, 5.0, 1.0)]

# n_a, var_a, n_b, var_b, level
WELCH = [(6, 1.0, 6, 1.0, 0.05 / 12), (4, 1.0, 4, 1.0, 0.0125),
         (10, 4.0, 10, 4.0, 0.005), (20, 1.0, 20, 1.0, 0.05),
         (5, 0.3, 12, 2.0, 0.01), (2, 100.0, 8, 1.0, 0.0005)]

CRIT = [(2, 2), (3, 3), (3, 4), (4, 4), (3, 5), (2, 7), (2, 8), (6, 6),
        (10, 10), (5, 12), (50, 50), (60, 70), (8, 120)]

# n_a, var_a, n_b, var_b, level, and the rule's MDE hb_mde() reports
RULE = [(6, 1.0, 6, 1.0, 0.0125, 2.376945637),
        (4, 1.0, 4, 1.0, 0.0125, 3.55822141),
        (5, 0.5, 8, 2.0, 0.05 / 6, 2.574012754)]


def nct_power(c, df, ncp):
    return stats.nct.sf(c, df, ncp) + stats.nct.cdf(-c, df, ncp)


def ws(n_a, var_a, n_b, var_b):
    sa, sb = var_a / n_a, var_b / n_b
    return np.sqrt(sa + sb), (sa + sb) ** 2 / (sa * sa / (n_a - 1) +
                                              sb * sb / (n_b - 1))


def welch_mde(n_a, var_a, n_b, var_b, level):
    se, df = ws(n_a, var_a, n_b, var_b)
    c = stats.t.isf(level / 2, df)
    ncp = optimize.brentq(lambda d: nct_power(c, df, d) - 0.8, 0, 10 * c + 10,
                          xtol=1e-14, rtol=1e-15)
    out = f"welch {n_a} {var_a!r} {n_b} {var_b!r} {level!r}: {ncp * se!r}"
    if n_a == n_b and var_a == var_b:
        d = TTestIndPower().solve_power(effect_size=None, nobs1=n_a,
                                        alpha=level, power=0.8, ratio=1.0)
        out += f" statsmodels {d * np.sqrt(var_a)!r}"
    print(out)


def mwu_p(n_a, n_b, u, method):
    """The p of groups of n_a and n_b distinct values with U_b = u."""
    a = [2.0 * i for i in range(n_a)]
    b, left = [], u
    for j in range(n_b):
        c = min(n_a, left)
        # above c of a, below the others, and no two alike: no ties
        b.append(2.0 * c - 1.5 + (j + 1) / (n_b + 1))
        left -= c
    return stats.mannwhitneyu(b, a, alternative='two-sided',
                              method=method).pvalue


def crit(n_a, n_b):
    method = 'exact' if n_a + n_b <= 100 else 'asymptotic'
    c = -1
    for u in range(n_a * n_b // 2 + 1):
        if mwu_p(n_a, n_b, u, method) < 0.05:
            c = u
        else:
            break
    print(f"crit {n_a} {n_b} ({method}): {c}")


def rule(n_a, var_a, n_b, var_b, level, shift, trials=20000):
    rng = np.random.default_rng(20)
    a = rng.normal(0.0, np.sqrt(var_a), (trials, n_a))
    b = rng.normal(shift, np.sqrt(var_b), (trials, n_b))
    w = stats.ttest_ind(b, a, equal_var=False, axis=1)
    u = stats.mannwhitneyu(b, a, alternative='two-sided', method='exact',
                           axis=1).pvalue
    up = w.statistic > 0
    welch = np.mean(up & (w.pvalue < level))
    both = np.mean(up & (w.pvalue < level) & (u < 0.05))
    se = np.sqrt(0.8 * 0.2 / trials)
    print(f"rule {n_a} {var_a!r} {n_b} {var_b!r} {level!r} shift {shift!r}: "
          f"Welch alone {welch:.4f}, rule {both:.4f} (binomial SE {se:.4f})")


def main():
    print(f"scipy {scipy.__version__} statsmodels {statsmodels.__version__} "
          f"numpy {np.__version__}")
    for c, df, ncp in NCT:
        print(f"nct {c!r} {df!r} {ncp!r}: {nct_power(c, df, ncp)!r}")
    for args in WELCH:
        welch_mde(*args)
    for n_a, n_b in CRIT:
        crit(n_a, n_b)
    for args in RULE:
        rule(*args)


if __name__ == "__main__":
    main()
