import { Link } from "react-router";
import { AdminSection } from "./admin-page";
import { ShippingAddress, type ShownAddress } from "./order-parts";

/**
 * Side by side from a tablet up: who it is for (`title`: the customer's name, email and account when there is one, then
 * the address and the shipping option), and how it is paid (`children`).
 */
export function CustomerAndPayment({
  title,
  record,
  shipping,
  children,
}: {
  title: string;
  record: { customerName: string; email: string; customerId: number | null; shippingAddress: ShownAddress };
  /** The shipping option's name. */
  shipping: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-8 md:grid-cols-2">
      <AdminSection title={title}>
        <p className="font-medium">{record.customerName}</p>
        <p className="break-all">
          <a href={`mailto:${record.email}`} className="underline">
            {record.email}
          </a>
        </p>
        {record.customerId ? (
          <p>
            <Link to={`/admin/customers/${record.customerId}`} className="underline">
              Customer account
            </Link>
          </p>
        ) : null}
        <ShippingAddress address={record.shippingAddress} />
        <p className="mt-2 text-sm">Shipping: {shipping}</p>
      </AdminSection>
      <AdminSection title="Payment">{children}</AdminSection>
    </div>
  );
}
