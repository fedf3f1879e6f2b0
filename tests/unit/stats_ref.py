#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# Reference values for test_stats.c, computed independently of
# cli/stats/ (stats.c, mean.c, dist.c):
# mean, median and sample standard deviation with numpy; Student t
# quantiles by bisection on the closed-form t CDF (finite series for
# integer df, not the incomplete beta function dist.c uses); median
# interval ranks with scipy.stats.binom.  Needs Debian's python3-numpy and
# python3-scipy.  scipy's own stats.t.ppf is not used: in scipy 1.10.1 it
# is off by up to 1e-9 (e.g. df 6: 2.4469118487916806, true
# 2.4469118511449700).
import math

import numpy as np
from scipy import stats


def t_cdf(t, df):
    """P(T <= t), closed form for integer df (Abramowitz-Stegun 26.7.3/4)."""
    theta = math.atan(t / math.sqrt(df))
    s, c = math.sin(theta), math.cos(theta)
    if df % 2:
        acc, term = 0.0, c
        for k in range((df - 1) // 2):
            acc += term
            term *= c * c * (2 * k + 2) / (2 * k + 3)
        a = 2 / math.pi * (theta + (s * acc if df > 1 else 0.0))
    else:
        acc, term = 0.0, 1.0
        for k in range(df // 2):
            acc += term
            term *= c * c * (2 * k + 1) / (2 * k + 2)
        a = s * acc
    return 0.5 + a / 2


def t_quantile(p, df):
    lo, hi = 0.0, 1000.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


VECTORS = {
    "ten": [183000000, 179500000, 188200000, 181700000, 185300000,
            180900000, 184400000, 182100000, 186600000, 179800000],
    "seven": [12.5, 9.25, 11.0, 10.75, 30.5, 9.5, 10.0],
    "two": [1.0, 4.0],
    "five": [5.0, 1.0, 4.0, 2.0, 3.0],
    "thirty": [float((i * 37) % 101) + 0.5 * i for i in range(30)],
}

for name, v in VECTORS.items():
    x = np.array(v, dtype=float)
    n = len(x)
    m, sd = x.mean(), x.std(ddof=1)
    half = t_quantile(0.975, n - 1) * sd / math.sqrt(n)
    best = None
    for j in range(1, n // 2 + 1):
        cov = 1 - 2 * stats.binom.cdf(j - 1, n, 0.5)
        if cov >= 0.95:
            best = (j, cov)
    s = np.sort(x)
    med_ci = (s[best[0] - 1], s[n - best[0]], best[1]) if best else None
    print(name, n, "mean", repr(m), "median", repr(np.median(x)),
          "sd", repr(sd), "cv", repr(sd / m), "ci", repr(m - half),
          repr(m + half), "median_ci", med_ci)

for df in [1, 2, 3, 4, 5, 6, 9, 10, 19, 29, 30, 60, 100, 1000]:
    print("t", df, repr(t_quantile(0.975, df)))
