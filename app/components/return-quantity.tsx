import { TextField } from "~/components/account/form-parts";

/**
 * How many units of one order line go back, for the customer's return request and the owner's alike: the line's id
 * travels beside its count, so the action reads the pairs without knowing the order's lines beforehand.
 */
export function ReturnQuantity({ line, label }: { line: { id: number; left: number }; label: string }) {
  return (
    <div>
      <input type="hidden" name="line" value={line.id} />
      <TextField label={label} name={`quantity_${line.id}`} type="number" inputMode="numeric" min={0} max={line.left} defaultValue="0" />
    </div>
  );
}
