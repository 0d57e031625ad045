import { CalendarCheck } from 'lucide'
import { Link } from 'react-router'
import { buttonClass } from '~/components/ui/button.tsx'
import { Icon } from '~/components/ui/icon.tsx'

/** After a message or a proposal request is sent: the offer to talk it through on a call instead. */
export function BookCallLink() {
  return (
    <Link to="/book" className={buttonClass({ size: 'lg', className: 'mt-2 w-full sm:w-auto' })}>
      <Icon node={CalendarCheck} aria-hidden="true" className="size-5" />
      Book a free call
    </Link>
  )
}
