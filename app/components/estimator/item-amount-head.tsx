/** The column headings of an estimate's table of rows (item, amount), for screen readers only. */
export function ItemAmountHead() {
  return (
    <thead className="sr-only">
      <tr>
        <th scope="col">Item</th>
        <th scope="col">Amount</th>
      </tr>
    </thead>
  )
}
