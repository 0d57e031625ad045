/**
 * The column names of an estimate's breakdown (each row an item and its amount), for screen
 * readers only: the estimator's result and the lead's view of the estimate it came with.
 */
export function BreakdownHead() {
  return (
    <thead className="sr-only">
      <tr>
        <th scope="col">Item</th>
        <th scope="col">Amount</th>
      </tr>
    </thead>
  )
}
