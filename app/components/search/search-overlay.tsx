import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { unawaited } from "~/lib/promises";
import { CloseIcon, SearchIcon } from "../icons";

/**
 * The navbar's search box (docs/product.md, Search overlay): Enter submits a trimmed, non-blank query to
 * /search?type=search, then the box clears and closes. Escape closes it too.
 */
export function SearchOverlay({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    input.current?.focus();
  }, []);

  return (
    <form
      role="search"
      className="flex flex-1 items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const query = text.trim();
        if (!query) return;
        unawaited(navigate(`/search?query=${encodeURIComponent(query)}&type=search`), "Failed to open the search results");
        setText("");
        onClose();
      }}
    >
      <SearchIcon className="h-5 w-5 shrink-0" />
      <label htmlFor="site-search" className="sr-only">
        Search products
      </label>
      <input
        id="site-search"
        ref={input}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") onClose();
        }}
        placeholder="Search products..."
        autoComplete="off"
        className="min-w-0 flex-1 rounded border border-black/30 bg-card px-3 py-2 text-base"
      />
      {text ? (
        <button
          type="button"
          onClick={() => {
            setText("");
            input.current?.focus();
          }}
          className="rounded px-2 py-2 text-sm underline"
        >
          Clear
        </button>
      ) : null}
      <button type="button" onClick={onClose} aria-label="Close search" className="rounded p-2 hover:bg-black/5">
        <CloseIcon className="h-5 w-5" />
      </button>
    </form>
  );
}
