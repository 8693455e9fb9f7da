// costly-variants: the "differences only" switch above each side-by-side rule table, and the height of
// the table's sticky header, so that a link to a row lands just below it.
// Neither is needed to read the page: every row is in it whether or not scripts run, and without a
// script a row lands below an estimate of the header's height (costly.css).
document.addEventListener("DOMContentLoaded", () => {
  for (const box of document.querySelectorAll(".costly-rule-table-box")) {
    const rows = box.querySelectorAll("tr.costly-rule-row");
    const differing = box.querySelectorAll("tr.costly-row-differs");
    if (differing.length === 0 || differing.length === rows.length) continue;  // nothing to hide
    const label = document.createElement("label");
    label.className = "costly-toggle";
    const input = document.createElement("input");
    input.type = "checkbox";
    input.className = "costly-differences-only";
    label.append(input, " Show only the rules that differ between the profiles");
    box.before(label);
    input.addEventListener("change", () => box.classList.toggle("costly-only-differences", input.checked));
  }
  const measure = () => {
    for (const table of document.querySelectorAll("table.costly-rule-table")) {
      const head = table.querySelector("thead");
      const sticky = head && getComputedStyle(head.querySelector("th")).position === "sticky";
      table.style.setProperty("--costly-table-head", sticky ? `${head.getBoundingClientRect().height}px` : "0px");
    }
  };
  measure();
  addEventListener("resize", measure);
  // the toggle above moved the table down after the browser had scrolled to the row: land again
  const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (target && target.closest("table.costly-rule-table")) {
    target.scrollIntoView({block: "start", behavior: "instant"});
  }
});

// A link to something inside a closed disclosure (a note of "How to play", a rule of a profile's folded
// record) opens it first, so that the browser can scroll to it.
const openTarget = () => {
  const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (!target) return;
  let opened = false;
  for (let d = target.closest("details"); d; d = d.parentElement && d.parentElement.closest("details")) {
    if (!d.open) { d.open = true; opened = true; }
  }
  if (opened) target.scrollIntoView({block: "start", behavior: "instant"});
};
document.addEventListener("DOMContentLoaded", openTarget);
addEventListener("hashchange", openTarget);
