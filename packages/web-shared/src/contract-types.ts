/**
 * The types of a call, read from its entry in `@sanam/contract` (`{ body?, querystring?, response: { 200 } }`), so a
 * web app writes no API type by hand (ADR 038): what the route accepts as the browser sends it (zod's input type,
 * before the server's parsing and defaults) and the `data` of its success envelope. Types only: nothing of zod is
 * bundled.
 */
import type { z } from 'zod'

/** A route that takes a JSON body; one that answers in the success envelope. */
export type BodyRoute = { body: z.ZodType }
export type AnsweringRoute = { response: { 200: z.ZodType } }

/** The JSON body a route accepts. */
export type RequestBody<Route extends BodyRoute> = z.input<Route['body']>

/** The query string a route accepts, each value as it is typed into the URL. */
export type RequestQuery<Route extends { querystring: z.ZodType }> = z.input<Route['querystring']>

/** The `data` of a route's success envelope. */
export type ResponseData<Route extends AnsweringRoute> = z.output<Route['response'][200]> extends { data: infer Data } ? Data : never
