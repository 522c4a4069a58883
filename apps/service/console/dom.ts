/** Builds elements from data without ever parsing it as HTML. */
type Child = Node | string | number | null | undefined | false;
type Attributes = Record<string, string | number | boolean | undefined | ((event: Event) => void)>;

export function h(tag: string, attributes: Attributes = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== undefined && value !== false) element.setAttribute(name, String(value));
  }
  for (const child of children) {
    if (child instanceof Node) element.append(child);
    else if (child !== null && child !== undefined && child !== false) element.append(String(child));
  }
  return element;
}

/** Replaces what `id` holds. */
export function show(id: string, ...children: Node[]): void {
  document.getElementById(id)!.replaceChildren(...children);
}

export const time = (iso: string | null): string => (iso === null ? '—' : new Date(iso).toLocaleString());
