import { ExternalLink, Plus } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { Form, Link, useSearchParams, useSubmit } from 'react-router'
import type { Route } from './+types/portfolio'
import {
  DELETE_PARAM,
  DeleteButton,
  DeleteConfirmation,
  EditLink,
  IntentFields,
  pendingIntent,
  StatusForm,
  listClientAction,
  useListFetcher,
} from '~/components/admin/list-actions.tsx'
import { listHref, readListView } from '~/components/admin/list-params.ts'
import { ListTable, ViewSwitch } from '~/components/admin/view-switch.tsx'
import { adminMeta } from '~/components/admin/meta.ts'
import { Notice, useSavedNotice } from '~/components/admin/notice.tsx'
import { EmptyList, FilterLinks, PageHeader } from '~/components/admin/ui.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { Input, Options, Select } from '~/components/ui/input.tsx'
import { switchTrackClass } from '~/components/ui/switch.tsx'
import { useLoadErrorToast } from '~/components/admin/use-load-error.ts'
import type { Toast } from '~/components/ui/toast.tsx'
import { requireAdminPage } from '~/http/admin-guard.server.ts'
import { validate } from '~/http/forms.server.ts'
import { PORTFOLIO_STATUSES, type PortfolioStatus } from '~/lib/constants.ts'
import { PortfolioItemPatchSchema } from '~/lib/schemas.ts'
import { liveHref } from '~/lib/urls.ts'
import { deletePortfolioItem, listPortfolio, updatePortfolioItem } from '~/services/portfolio.server.ts'
import { listAction } from './+shared/content-actions.server.ts'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context, params.adminPath)
  const sp = new URL(request.url).searchParams
  const q = (sp.get('q') ?? '').trim().slice(0, 200)
  const category = (sp.get('category') ?? '').trim().slice(0, 60)
  const rawStatus = sp.get('status') ?? ''
  const status = (PORTFOLIO_STATUSES as readonly string[]).includes(rawStatus) ? (rawStatus as PortfolioStatus) : undefined
  const base = {
    adminPath: context.app.config.adminPath,
    q,
    category,
    status: status ?? '',
    view: readListView(request.url),
  }
  try {
    const { items, counts, categories } = await listPortfolio(context.app.db, admin, {
      q: q || undefined,
      category: category || undefined,
      status,
    })
    const active = counts.active ?? 0
    const archived = counts.archived ?? 0
    return {
      ...base,
      items,
      categories,
      counts: { all: active + archived, active, archived },
      loadError: false,
    }
  } catch (err) {
    context.app.logger.error({ err: (err as Error).message }, 'portfolio list load failed')
    return {
      ...base,
      items: [],
      categories: [] as string[],
      counts: { all: 0, active: 0, archived: 0 },
      loadError: true,
    }
  }
}

const FAILED = {
  status: 'Failed to update portfolio item status.',
  live: 'Failed to update live status.',
  delete: 'Failed to delete portfolio item.',
}

/** A checkbox-like value as the boolean the patch schema wants (anything else stays as sent and is refused). */
const flag = (v: FormDataEntryValue | null) => (v === 'true' ? true : v === 'false' ? false : v)

/**
 * The cards' writes, posted by a fetcher (or a plain form without JavaScript): `intent=status`
 * with the new status, `intent=live` with `isLive` (both checked with the API's
 * PortfolioItemPatchSchema) or `intent=delete`. Answers the spec's notice; React Router then
 * reloads the list.
 */
export function action(args: Route.ActionArgs) {
  return listAction(args, FAILED, async ({ admin, db, form, intent, id }) => {
    if (intent === 'delete') {
      await deletePortfolioItem(db, admin, id)
      return { title: 'Portfolio Item Deleted', description: 'The portfolio item has been removed.' }
    }
    const checked = validate(
      PortfolioItemPatchSchema,
      intent === 'live' ? { isLive: flag(form.get('isLive')) } : { status: form.get('status') },
    )
    if (!checked.ok || (checked.data.isLive === undefined && checked.data.status === undefined)) return null
    const item = await updatePortfolioItem(db, admin, id, checked.data)
    if (intent === 'live') return { title: 'Live Status Updated', description: `Portfolio item is now ${item.isLive ? 'live' : 'offline'}` }
    return { title: 'Status Updated', description: `Portfolio item status changed to ${item.status}` }
  })
}

/** A write whose answer is not the action's own (connection lost, a proxy's error page) shows the spec's failure notice. */
export const clientAction = listClientAction(FAILED, 'status')

export const meta: Route.MetaFunction = () => adminMeta('Portfolio')

/** Shown after the editor's action redirects here with `?saved=`. */
const SAVED_NOTICES: Record<string, Toast> = {
  created: {
    title: 'Portfolio Created',
    description: 'Portfolio item has been created successfully.',
  },
  updated: {
    title: 'Portfolio Updated',
    description: 'Portfolio item has been updated successfully.',
  },
}

export default function Portfolio({ loaderData, actionData }: Route.ComponentProps) {
  const { adminPath, q, category, status, view, items, categories, counts, loadError } = loaderData
  useLoadErrorToast(loadError, 'Failed to load portfolio items.')
  const saved = useSavedNotice(SAVED_NOTICES)
  const [params] = useSearchParams()
  const submit = useSubmit()
  const path = `/${adminPath}/portfolio`
  const listView = view === 'table' ? 'table' : undefined
  const here = listHref(path, { q, category, status, view: listView })
  const confirming = items.find((i) => String(i.id) === params.get(DELETE_PARAM))
  const filters = [
    { label: 'All', value: '', count: counts.all },
    { label: 'Active', value: 'active', count: counts.active },
    { label: 'Archived', value: 'archived', count: counts.archived },
  ].map((f) => ({
    ...f,
    href: listHref(path, { q, category, status: f.value, view: listView }),
    current: f.value === status,
  }))

  return (
    <>
      <PageHeader
        title="Portfolio Management"
        description="Manage the projects shown on your public portfolio."
        actions={
          <Link to={`${path}/new`} className={buttonClass()}>
            <Icon node={Plus} aria-hidden="true" className="size-4" /> New Project
          </Link>
        }
      />
      <Notice notice={actionData?.notice ?? saved} />
      {confirming && <DeleteConfirmation id={confirming.id} name={confirming.title} noun="portfolio item" action={here} />}
      <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <Form method="get" role="search" className="flex w-full flex-wrap gap-2 lg:max-w-xl">
          {status && <input type="hidden" name="status" value={status} />}
          {listView && <input type="hidden" name="view" value={listView} />}
          <label htmlFor="portfolio-search" className="sr-only">
            Search portfolio
          </label>
          <Input
            id="portfolio-search"
            type="search"
            name="q"
            defaultValue={q}
            placeholder="Search by title, category or description..."
            className="min-w-0 flex-1 basis-full sm:basis-0"
          />
          <label htmlFor="portfolio-category" className="sr-only">
            Category
          </label>
          <Select
            size="inline"
            id="portfolio-category"
            name="category"
            defaultValue={category}
            key={category}
            onChange={(e) => submit(e.currentTarget.form)}
          >
            <option value="">All categories</option>
            <Options items={categories} />
          </Select>
          <button type="submit" className={buttonClass({ variant: 'secondary' })}>
            Search
          </button>
        </Form>
        <FilterLinks label="Filter portfolio by status" items={filters} />
      </div>
      <ViewSwitch current={view} hrefFor={(v) => listHref(path, { q, category, status, view: v === 'table' ? 'table' : undefined })} />

      {items.length === 0 ? (
        <EmptyList
          text={q || status || category ? 'No portfolio items found matching your criteria.' : 'No portfolio items yet.'}
          newHref={`${path}/new`}
          newLabel="Create Your First Portfolio Item"
        />
      ) : view === 'table' ? (
        <PortfolioTable items={items} path={path} action={here} />
      ) : (
        <ul className="grid gap-5 md:grid-cols-2 2xl:grid-cols-3" aria-label="Portfolio items">
          {items.map((item) => (
            <PortfolioCard key={item.id} item={item} editHref={`${path}/edit/${item.id}`} action={here} />
          ))}
        </ul>
      )}
    </>
  )
}

type Item = Route.ComponentProps['loaderData']['items'][number]

/**
 * A project's status dropdown, live switch, links and delete, posting through one fetcher to this
 * route's action. The dropdown and the switch are how each state shows too: one control per state,
 * no badge repeating it (issue 36).
 */
function ItemActions({ item, editHref, action }: { item: Item; editHref: string; action: string }) {
  const fetcher = useListFetcher()
  const href = liveHref(item.liveUrl)
  return (
    <>
      <StatusForm
        selectId={`item-status-${item.id}`}
        id={item.id}
        name={item.title}
        status={item.status}
        statuses={PORTFOLIO_STATUSES}
        action={action}
        fetcher={fetcher}
      />
      <LiveSwitch id={item.id} title={item.title} isLive={item.isLive} action={action} fetcher={fetcher} />
      {href && (
        <a
          href={href}
          target="_blank"
          rel="noreferrer noopener"
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
          aria-label={`Open the live site of ${item.title} (new tab)`}
        >
          <Icon node={ExternalLink} aria-hidden="true" className="size-4" />
        </a>
      )}
      <EditLink to={editHref} name={item.title} />
      <DeleteButton id={item.id} name={item.title} noun="portfolio item" action={action} fetcher={fetcher} />
    </>
  )
}

/** The compact view: one row per project with its title, category, status and actions. */
function PortfolioTable({ items, path, action }: { items: Item[]; path: string; action: string }) {
  return (
    <ListTable caption="Portfolio items" columns={[{ label: 'Title' }, { label: 'Category', wide: true }, { label: 'Status and actions' }]}>
      {items.map((item) => (
        <tr key={item.id} className="align-top">
          <th scope="row" className="py-3 font-medium break-words text-ink-900">
            {item.title}
          </th>
          <td className="hidden py-3 text-ink-700 sm:table-cell">{item.category}</td>
          <td className="py-3">
            <div className="flex flex-wrap items-center gap-2">
              <ItemActions item={item} editHref={`${path}/edit/${item.id}`} action={action} />
            </div>
          </td>
        </tr>
      ))}
    </ListTable>
  )
}

/** One project as a card: picture, badges, text and its actions. */
function PortfolioCard({ item, editHref, action }: { item: Item; editHref: string; action: string }) {
  const extra = item.technologies.length - 3
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-ink-200 bg-white shadow-sm">
      <article aria-labelledby={`item-${item.id}`} className="flex flex-1 flex-col">
        <div className="aspect-video bg-ink-100">
          {item.image ? <img src={item.image} alt="" loading="lazy" className="size-full object-cover" /> : null}
        </div>
        <div className="flex flex-1 flex-col p-5">
          <h2 id={`item-${item.id}`} className="text-lg font-semibold break-words text-ink-900">
            {item.title}
          </h2>
          <p className="mt-1 text-sm text-ink-600">{item.category}</p>
          <p className="mt-2 line-clamp-3 text-sm text-ink-800">{item.description}</p>
          {item.technologies.length > 0 && (
            <ul aria-label="Technologies" className="mt-3 flex flex-wrap gap-1.5">
              {item.technologies.slice(0, 3).map((t) => (
                <li key={t} className="rounded bg-ink-100 px-2 py-0.5 text-xs text-ink-800">
                  {t}
                </li>
              ))}
              {extra > 0 && <li className="rounded bg-ink-100 px-2 py-0.5 text-xs text-ink-800">+{extra} more</li>}
            </ul>
          )}
          <div className="mt-auto flex flex-wrap items-center gap-2 pt-4">
            <ItemActions item={item} editHref={editHref} action={action} />
          </div>
        </div>
      </article>
    </li>
  )
}

/**
 * The Live/Offline switch: a submit button that posts `intent=live` with the opposite value, so it
 * works without JavaScript too; in the browser the card's fetcher sends it and it flips at once.
 */
function LiveSwitch({
  id,
  title,
  isLive,
  action,
  fetcher,
}: {
  id: number
  title: string
  isLive: boolean
  action: string
  fetcher: ReturnType<typeof useListFetcher>
}) {
  const live = pendingIntent(fetcher) === 'live' ? fetcher.formData?.get('isLive') === 'true' : isLive
  return (
    <fetcher.Form method="post" action={action} className="inline-flex items-center gap-2">
      <IntentFields intent="live" id={id} />
      <input type="hidden" name="isLive" value={String(!live)} />
      <button
        type="submit"
        role="switch"
        aria-checked={live}
        aria-label={`Live status for ${title}`}
        data-switch-track=""
        className={`relative h-6 w-11 shrink-0 rounded-full ${switchTrackClass(live)}`}
      >
        <span
          className={`block size-5 rounded-full bg-white shadow transition-transform ${live ? 'translate-x-[1.375rem]' : 'translate-x-0.5'}`}
        />
      </button>
      <span aria-hidden="true" className="text-sm text-ink-700">
        {live ? 'Live' : 'Offline'}
      </span>
    </fetcher.Form>
  )
}
