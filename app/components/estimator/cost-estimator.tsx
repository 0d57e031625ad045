// Placeholder until the cost estimator lands (interactive tools issue).
export function CostEstimator() {
  return <section aria-label="Cost estimator" data-slot="cost-estimator" />
}
