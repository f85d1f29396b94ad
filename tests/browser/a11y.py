"""What the browser tests measure of a page for its players' hands and ears: axe-core's
findings and the size of what can be tapped.

axe-core comes with the ``axe-playwright-python`` package (its ``axe.min.js``, installed by
``make test`` with the other test dependencies); it is injected into the page and run there.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Any

from playwright.sync_api import Page

# WCAG 2.2's target size (enhanced) and Apple's and Google's guidance for a thumb.
MIN_TARGET = 44

_AXE_SOURCE: str | None = None


def _axe_source() -> str:
    global _AXE_SOURCE
    if _AXE_SOURCE is None:
        _AXE_SOURCE = resources.files("axe_playwright_python").joinpath("axe.min.js").read_text(encoding="utf-8")
    return _AXE_SOURCE


def axe_violations(page: Page, *, disable: tuple[str, ...] = (), enable: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now (WCAG 2.x A and AA and best practices),
    each ``{"id", "impact", "help", "nodes": [{"target", "failureSummary"}]}``; ``enable`` runs
    rules axe leaves out by default (experimental ones, such as label-content-name-mismatch)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        # evaluated through the DevTools protocol: the app's Content-Security-Policy refuses
        # inline scripts, and rightly so
        page.evaluate(_axe_source() + "\n;undefined")
    result = page.evaluate(
        """async ([disable, enable]) => {
            const rules = Object.fromEntries([
                ...disable.map((id) => [id, { enabled: false }]), ...enable.map((id) => [id, { enabled: true }])]);
            const found = await window.axe.run(document, { rules, resultTypes: ['violations'] });
            return found.violations.map((v) => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
            }));
        }""",
        [list(disable), list(enable)],
    )
    return list(result)


def describe_violations(violations: list[dict[str, Any]]) -> str:
    """One line per violation and node, for an assertion's message."""
    lines = []
    for violation in violations:
        for node in violation["nodes"]:
            lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']} at {node['target']}")
    return "\n".join(lines)


@dataclass(frozen=True)
class Target:
    what: str  # a short description: tag, type, text or label
    width: float
    height: float


def small_targets(page: Page, scope: str = "body", *, minimum: int = MIN_TARGET) -> list[Target]:
    """Every visible control in ``scope`` whose tappable box is smaller than ``minimum`` px
    either way. A radio or a checkbox counts with its label when the label looks tappable (a
    border or a background of its own: then it is what a thumb aims at), else by its own box;
    links inside running text are not controls."""
    found = page.evaluate(
        """([scope, minimum]) => {
            const root = document.querySelector(scope);
            if (!root) return [];
            const visible = (el) => {
                const box = el.getBoundingClientRect();
                const style = getComputedStyle(el);
                return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
            };
            // a label is the target only if it shows its edge (a border, or a background of its
            // own): otherwise players aim at the small box drawn inside it
            const looksTappable = (label) => {
                const style = getComputedStyle(label);
                const border = ['Top', 'Right', 'Bottom', 'Left'].some((side) =>
                    parseFloat(style[`border${side}Width`]) > 0 && style[`border${side}Style`] !== 'none' &&
                    !style[`border${side}Color`].endsWith(', 0)') && style[`border${side}Color`] !== 'transparent');
                const background = style.backgroundColor !== 'transparent' && !style.backgroundColor.endsWith(', 0)');
                return border || background;
            };
            const describe = (el) => {
                const text = (el.getAttribute('aria-label') || el.textContent || el.value || '').trim().slice(0, 40);
                return `${el.tagName.toLowerCase()}${el.type ? '[' + el.type + ']' : ''} "${text}"`;
            };
            const controls = root.querySelectorAll(
                'button, a[href], input, select, textarea, summary, [role=button], [role=radio], ' +
                '[role=checkbox], [role=tab], [tabindex="0"]');
            const small = [];
            for (const el of controls) {
                if (el.type === 'hidden' || el.disabled && !visible(el)) continue;
                let target = el;
                if ((el.type === 'radio' || el.type === 'checkbox') && el.labels && el.labels.length &&
                    looksTappable(el.labels[0])) {
                    target = el.labels[0];
                } else if (!visible(el)) {
                    continue;
                }
                if (el.tagName === 'A' && el.closest('p, li') && !el.closest('nav') &&
                    getComputedStyle(el).display === 'inline') continue;
                if (!visible(target)) continue;
                const box = target.getBoundingClientRect();
                if (box.width < minimum || box.height < minimum) {
                    small.push({ what: describe(el), width: box.width, height: box.height });
                }
            }
            return small;
        }""",
        [scope, minimum],
    )
    return [Target(**item) for item in found]
