/**
 * The back office's frame: the shop's name, the screens the member's role may open in their groups (a side bar on a
 * laptop, a menu on a phone), who is signed in and the way out. Signing out is a POST form, so it works before the page's JavaScript loads and no link can sign anyone out.
 */
import { useEffect, useRef } from "react";
import { Form, NavLink, useLocation } from "react-router";
import type { StaffRole } from "@core/staff-roles";
import { OwnerLayout } from "~/components/layout/owner-layout";
import { useShop } from "~/lib/use-shop";
import { MenuIcon } from "~/components/icons";
import { ROLE_LABELS, screenGroupsFor, type AdminScreenGroup } from "./admin-screens";

const ADMIN_HOME = "/admin";

export type ShellStaff = { name: string; email: string; role: StaffRole };

export function AdminShell({ staff, children }: { staff: ShellStaff; children: React.ReactNode }) {
  const { settings } = useShop();
  const { pathname } = useLocation();
  const groups = screenGroupsFor(staff.role);
  // The screen the page belongs to (a product's page belongs to Products), named beside the phone's menu button.
  const current = groups
    .flatMap((group) => group.screens)
    .find((screen) => (screen.to === ADMIN_HOME ? pathname === ADMIN_HOME : pathname === screen.to || pathname.startsWith(`${screen.to}/`)));
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-card focus:p-2"
      >
        Skip to content
      </a>
      <header className="border-b border-black/10 bg-card">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <p className="font-semibold">
            {settings.websiteTitle} <span className="font-normal">· Back office</span>
          </p>
          <BackOfficeSearch />
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            <a href="/" className="underline">
              View the shop
            </a>
            <p>
              {staff.name} <span className="whitespace-nowrap">({ROLE_LABELS[staff.role]})</span>
            </p>
            <Form method="post" action="/admin/logout">
              <button type="submit" className="rounded border border-black/40 px-3 py-1.5 font-medium">
                Sign out
              </button>
            </Form>
          </div>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col lg:flex-row">
        <nav aria-label="Back office" className="border-b border-black/10 lg:w-56 lg:shrink-0 lg:border-b-0 lg:border-r">
          {/* A disclosure, so the menu opens on a phone before JavaScript loads; closed again on the next page. */}
          <details key={pathname} className="group px-4 py-2 lg:hidden">
            <summary className="flex cursor-pointer items-center gap-2 rounded py-2 font-medium">
              <MenuIcon />
              Menu
              {current ? <span className="font-normal">· {current.label}</span> : null}
            </summary>
            <ScreenGroups groups={groups} />
          </details>
          <div className="hidden px-2 py-6 lg:sticky lg:top-0 lg:block lg:max-h-screen lg:overflow-y-auto">
            <ScreenGroups groups={groups} />
          </div>
        </nav>
        <main id="main" className="min-w-0 flex-1">
          {children}
        </main>
      </div>
    </div>
  );
}

/** The search from every screen (Enter sends it): `/` outside a field puts the cursor in it, as in Shopify's admin. */
function BackOfficeSearch() {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const slash = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
      if ((event.target as Element).closest("input, textarea, select, [contenteditable]")) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener("keydown", slash);
    return () => document.removeEventListener("keydown", slash);
  }, []);
  return (
    <Form method="get" action="/admin/search" role="search" className="w-full sm:w-64">
      <input ref={input} type="search" name="q" aria-label="Search orders, customers and products" aria-keyshortcuts="/" placeholder="Search (press /)" className="w-full rounded border border-black/40 px-2 py-1 placeholder:text-black/60" />
    </Form>
  );
}

/** The screens under their groups' headings; the current one marked for assistive technology and the eye. */
function ScreenGroups({ groups }: { groups: AdminScreenGroup[] }) {
  return (
    <div className="flex flex-col gap-4 pb-2">
      {groups.map((group) => (
        <div key={group.screens[0].to}>
          {group.title ? <h2 className="px-3 pb-1 text-sm font-semibold uppercase tracking-wide">{group.title}</h2> : null}
          <ul>
            {group.screens.map((screen) => (
              <li key={screen.to}>
                <NavLink
                  to={screen.to}
                  end={screen.to === ADMIN_HOME}
                  className="block rounded px-3 py-1.5 hover:bg-black/5 aria-[current=page]:bg-black/10 aria-[current=page]:font-semibold"
                >
                  {screen.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** The frame of the pages before sign-in (setup, sign-in): the owner's plain layout, nothing to navigate. */
export function AdminGateShell({ children }: { children: React.ReactNode }) {
  return (
    <OwnerLayout>
      <section className="mx-auto w-full max-w-md px-4 py-10">
        <div className="rounded-lg bg-card p-6 shadow-sm sm:p-8">{children}</div>
      </section>
    </OwnerLayout>
  );
}
