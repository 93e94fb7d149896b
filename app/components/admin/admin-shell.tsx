/**
 * The back office's frame: the shop's name, the screens the member's role may open, who is signed in and the way
 * out. Signing out is a POST form, so it works before the page's JavaScript loads and no link can sign anyone out.
 */
import { Form, NavLink } from "react-router";
import type { StaffRole } from "@core/staff-roles";
import { OwnerLayout } from "~/components/layout/owner-layout";
import { useShop } from "~/lib/use-shop";
import { ROLE_LABELS, screensFor } from "./admin-screens";

export type ShellStaff = { name: string; email: string; role: StaffRole };

export function AdminShell({ staff, children }: { staff: ShellStaff; children: React.ReactNode }) {
  const { settings } = useShop();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-card focus:p-2"
      >
        Skip to content
      </a>
      <header className="border-b border-black/10 bg-card">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <p className="font-semibold">
            {settings.websiteTitle} <span className="font-normal">· Back office</span>
          </p>
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
        <nav aria-label="Back office" className="mx-auto max-w-5xl px-4">
          <ul className="-mb-px flex flex-wrap gap-x-1">
            {screensFor(staff.role).map((screen) => (
              <li key={screen.to}>
                <NavLink
                  to={screen.to}
                  end
                  className="inline-block border-b-2 border-transparent px-2 py-2.5 aria-[current=page]:border-ink aria-[current=page]:font-semibold"
                >
                  {screen.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
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
