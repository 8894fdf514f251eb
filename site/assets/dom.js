// Small DOM helpers shared by the play pages and the scoring calculators.
// Text always goes in through textContent, never as HTML: scenario text is data.

/** `el("p", {text: "hi", class: "x", onclick: fn}, child, …)` → a new element. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === 'onclick') node.addEventListener('click', value);
    else if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

/** The JSON in `root.dataset[name]`, or `fallback` when it is missing or unreadable. */
export function readJson(root, name, fallback) {
  try {
    return JSON.parse(root.dataset[name] || 'null') ?? fallback;
  } catch {
    return fallback;
  }
}
