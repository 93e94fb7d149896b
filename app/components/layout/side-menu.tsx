import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { navigationHref } from "@core/navigation";
import { useShop } from "~/lib/use-shop";
import { CloseIcon } from "../icons";

/** The small-screen menu that slides in from the left; query links lead to /shop (docs/product.md, Navigation bar). */
export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { settings } = useShop();
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  return (
    <div className={open ? "fixed inset-0 z-40 sm:hidden" : "hidden"}>
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        className="absolute inset-0 h-full w-full cursor-default bg-black/40"
        onClick={onClose}
      />
      <nav
        id="side-menu"
        aria-label="Menu"
        className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-card p-4 shadow-xl"
      >
        <button
          ref={closeButton}
          type="button"
          onClick={onClose}
          aria-label="Close menu"
          className="self-end rounded p-2 hover:bg-black/5"
        >
          <CloseIcon />
        </button>
        <ul className="mt-4 space-y-1">
          {settings.navbar.pages.map((link) => (
            <li key={link.name}>
              <Link
                to={navigationHref(link, "side-menu")}
                onClick={onClose}
                className="block rounded px-3 py-3 text-lg hover:bg-black/5"
              >
                {link.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
