import { sql } from 'kysely'
import { addColumns, dropColumns, type NamedMigration } from './shared.ts'

/**
 * Issue 36 §3: conversion counts visitors who sent a lead (at most one per visitor and day), so
 * it can never pass 100%. Days before this counted only proposals (the funnel's 'sent' bit).
 */
export default {
  name: '2026_11_28_h_converted_visitors',
  async up(db) {
    await addColumns(db, 'visit_sources_daily', ['converted integer not null default 0'])
    await db
      .updateTable('visits')
      .set({ funnel: sql`funnel | 16` })
      .where(sql<boolean>`(funnel & 8) <> 0`)
      .execute()
    await db
      .updateTable('visit_sources_daily')
      .set({
        converted: sql`(select count(*) from visits v where v.day = visit_sources_daily.day and v.source = visit_sources_daily.source and v.campaign = visit_sources_daily.campaign and (v.funnel & 16) <> 0)`,
      })
      .execute()
  },
  async down(db) {
    await dropColumns(db, 'visit_sources_daily', ['converted'])
  },
} satisfies NamedMigration
