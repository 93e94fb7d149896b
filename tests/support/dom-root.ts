/**
 * A React root in a fresh element of the test's document (happy-dom), made before each test of the file and
 * unmounted after it: `render` draws into it under act, `container` is what the test reads.
 */
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach } from "vitest";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export function domRoot() {
  let container: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    container = document.createElement("div");
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });
  return {
    container: () => container,
    render: (node: ReactNode) => act(() => root.render(node)),
  };
}
