// costly-variants: the "differences only" switch above each side-by-side rule table.
// It only toggles a class; every row is in the page whether or not scripts run.
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
});
