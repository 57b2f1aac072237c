/** A figure cell of a leads / jobs / revenue table: right-aligned digits that line up. */
export const NUM = 'whitespace-nowrap pl-3 text-right tabular-nums sm:pl-6';

/** The head of a leads / jobs / revenue table (revenue by source, by keyword); `first` names the rows. */
export function RevenueTableHead({ first }: { first: string }) {
  return (
    <thead>
      <tr className="text-left text-xs text-slate-600">
        <th scope="col" className="w-full pb-2 font-medium">
          {first}
        </th>
        {['Leads', 'Jobs', 'Revenue'].map((label) => (
          <th key={label} scope="col" className={`pb-2 font-medium ${NUM}`}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
