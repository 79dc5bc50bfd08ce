"""The renewable Huber updates (RHE Newton, RPSHE LAMM) written plainly in NumPy, as docs/streaming.md
states them: the reference test_renewable_huber compares Tessera with, and the bench/ side of the
throughput comparison.

    renewable_huber_reference.py DIR PENALTY WEIGHTED [TAU ALPHA]

reads DIR/X_<b>.npy, y_<b>.npy (and w_<b>.npy when WEIGHTED is 1) for b = 0, 1, … and writes
DIR/ref_<b>.npy, the coefficients then the intercept after batch b.
"""
import os
import sys

import numpy as np
from scipy.special import ndtr


def pdf(x):
    return np.exp(-0.5 * x * x) / np.sqrt(2.0 * np.pi)


GL_T = 0.5 * (1 + np.array([-0.8611363115940526, -0.3399810435848563, 0.3399810435848563, 0.8611363115940526]))
GL_W = 0.5 * np.array([0.3478548451374538, 0.6521451548625461, 0.6521451548625461, 0.3478548451374538])


def huber(r, tau):
    a = np.abs(r)
    return np.where(a <= tau, 0.5 * r * r, tau * a - 0.5 * tau * tau)


def bregman(r, dl, tau, h):
    """D(r + dl, r) of the smoothed loss: by Gauss-Legendre on the score for small steps (no cancellation)."""
    psi = smooth(r, tau, h)[1]
    direct = smooth(r + dl, tau, h)[0] - smooth(r, tau, h)[0] - psi * dl
    quad = dl * sum(wg * (smooth(r + tg * dl, tau, h)[1] - psi) for tg, wg in zip(GL_T, GL_W))
    return np.where(np.abs(dl) > 0.25 * h, direct, quad)


def smooth(r, tau, h):
    a, b = (-tau - r) / h, (tau - r) / h
    Pa, Pb, Sb, pa, pb = ndtr(a), ndtr(b), ndtr(-b), pdf(a), pdf(b)
    curv = Pb - Pa
    score = tau * Sb - tau * Pa + r * curv + h * (pa - pb)
    sq = r * r * curv + 2 * r * h * (pa - pb) + h * h * (curv + a * pa - b * pb)
    loss = 0.5 * sq + tau * (r * Sb + h * pb) - 0.5 * tau * tau * Sb - tau * (r * Pa - h * pa) - 0.5 * tau * tau * Pa
    return loss, score, curv


class Reference:
    def __init__(self, tau=1.345, penalty="none", alpha=1e-3, tol=1e-10, max_iter=100):
        self.tau, self.penalty, self.alpha, self.tol, self.max_iter = tau, penalty, alpha, tol, max_iter
        self.beta = None

    def partial_fit(self, X, y, w=None):
        X = np.hstack([X, np.ones((X.shape[0], 1))])
        n, p = X.shape
        w = np.ones(n) if w is None else w
        Nb = w.sum()
        tau = self.tau
        h = tau * max(0.05, ((p + np.log(Nb)) / Nb) ** 0.4)
        if self.beta is None:
            sw = np.sqrt(w)
            self.beta = np.linalg.lstsq(sw[:, None] * X, sw * y, rcond=None)[0]
            self.J, self.W, self.s = np.zeros((p, p)), 0.0, np.zeros(p)
        prev, J, Wp, s_prev = self.beta.copy(), self.J, self.W, self.s
        N = Wp + Nb
        beta = prev.copy()
        if self.penalty == "none":
            for _ in range(self.max_iter):
                r = y - X @ beta
                U = (J @ (prev - beta) + X.T @ (w * np.clip(r, -tau, tau))) / N
                H = (J + X.T @ ((w * smooth(r, tau, h)[2])[:, None] * X)) / N
                delta = np.linalg.solve(H, U)
                if np.max(np.abs(delta)) > 1e-3 * (1 + np.max(np.abs(beta))):
                    def Q(b):
                        d = b - prev
                        return 0.5 * d @ J @ d + np.sum(w * huber(y - X @ b, tau))
                    q0 = Q(beta)
                    for _ in range(30):
                        if Q(beta + delta) < q0:
                            break
                        delta = 0.5 * delta
                beta = beta + delta
                if np.max(np.abs(delta)) <= self.tol * (1 + np.max(np.abs(beta))):
                    break
        else:
            alpha = self.alpha

            def grad(b):
                sc = smooth(y - X @ b, tau, h)[1]
                return (-X.T @ (w * sc) + J @ (b - prev) - Wp * alpha * s_prev) / N

            for _ in range(self.max_iter):
                g = grad(beta)
                r = y - X @ beta
                phi = 1e-4
                while True:
                    z = beta - g / phi
                    nxt = z.copy()
                    nxt[:-1] = np.sign(z[:-1]) * np.maximum(np.abs(z[:-1]) - alpha / phi, 0.0)
                    step = nxt - beta
                    excess = (np.sum(w * bregman(r, -(X @ step), tau, h)) + 0.5 * step @ J @ step) / N
                    if excess <= 0.5 * phi * step @ step:
                        break
                    phi *= 2
                beta = nxt
                if np.linalg.norm(step) <= 1e-8:
                    break
            g = grad(beta)
            s = np.zeros(p)
            s[:-1] = np.where(beta[:-1] != 0, np.sign(beta[:-1]), np.clip(-g[:-1] / alpha, -1, 1))
            self.s = s
        r = y - X @ beta
        self.J = J + X.T @ ((w * smooth(r, tau, h)[2])[:, None] * X)
        self.W = N
        self.beta = beta
        return self


def main():
    folder, penalty, weighted = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
    tau = float(sys.argv[4]) if len(sys.argv) > 4 else 1.345
    alpha = float(sys.argv[5]) if len(sys.argv) > 5 else 1e-3
    m = Reference(tau=tau, penalty=penalty, alpha=alpha, max_iter=1000)
    b = 0
    while os.path.exists(os.path.join(folder, f"X_{b}.npy")):
        X = np.load(os.path.join(folder, f"X_{b}.npy"))
        y = np.load(os.path.join(folder, f"y_{b}.npy"))
        w = np.load(os.path.join(folder, f"w_{b}.npy")) if weighted else None
        m.partial_fit(X, y, w)
        np.save(os.path.join(folder, f"ref_{b}.npy"), m.beta)
        b += 1


if __name__ == "__main__":
    main()
