// Placeholder until the discovery popup lands (interactive tools issue).
export function DiscoveryPopup() {
  return null
}
