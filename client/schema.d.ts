// Generated from docs/openapi.json by `npm run openapi` (openapi-typescript): do not edit.

export interface paths {
    "/v1/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resolve an ABN, ACN or name to the canonical entity record
         * @description Send exactly one of `abn`, `acn` or `name`. An identifier is an exact match (confidence 100) joined across every register; a name is a ranked fuzzy match (confidence at most 90), advisory only: verify the candidate by ABN or ACN. Nothing found is a 200 with empty `candidates`. An outage of the identity source is a 502.
         */
        post: operations["resolve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/screen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Screen a name or entity against sanctions and banned lists
         * @description Send exactly one of `name`, `abn` or `acn` (an identifier is screened under every name the entity is known by, read through the same identity source as resolve: its outage is a 502). Each list answers `review` (a person must look), `no_match` (nothing came close; not a clearance) or `unavailable` (the list is not loaded or too old to rely on). Never pass, fail or clear.
         */
        post: operations["screen"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/watch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's subscriptions (never a secret) */
        get: operations["listWatches"];
        put?: never;
        /**
         * Watch entities: a subscription and its signing secret
         * @description Entities are ABNs (11 digits) or ACNs (9 digits), check digits validated, duplicates folded; at most 1000. Events from: deregistration, name_change, abn_cancelled, gst_deregistered, banned_match, sanctions_match, external_administration, bankruptcy_petition_filed, charity_status_change, licensing_change, professional_registration_change, relationship_change, austrac_roll_change. The webhook URL must be https and must not resolve to a private, loopback or link-local address. An account holds at most 100 subscriptions per partition (test or live keys), paused ones included. The `secret` is shown once; roll it to get a new one.
         */
        post: operations["createWatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/watch/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One subscription (never its secret) */
        get: operations["getWatch"];
        put?: never;
        post?: never;
        /**
         * Remove a subscription and its watched entities
         * @description Undelivered events stop (polling shows them as `failed`, with the reason).
         */
        delete: operations["deleteWatch"];
        options?: never;
        head?: never;
        /**
         * Change entities, events, the URL, or pause and resume
         * @description Send only the fields to change. `status` moves between `active` and `paused`; a paused subscription records its events (readable by polling, status `paused`) without sending them.
         */
        patch: operations["updateWatch"];
        trace?: never;
    };
    "/v1/watch/{id}/roll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new signing secret; the previous one stops at once */
        post: operations["rollWatchSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/entity/{id}/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Poll the change events of a watched entity
         * @description Every delivery of your subscriptions for the entity (by ABN or ACN), strictly after `since`, oldest first, with its delivery status. Pass `next_cursor` as `since` for the next page; it is null on the final page.
         */
        get: operations["listChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/watch/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A subscription's deliveries, newest first
         * @description Each entry as in the changes feed (`GET /v1/entity/{id}/changes`), with its entity and when a pending delivery is next attempted. Pass `next_cursor` as `cursor` for the next (older) page; it is null on the final page.
         */
        get: operations["listDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/watch/{id}/deliveries/{event_id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Attempt a failed delivery again, now
         * @description One new attempt, due at once, with the same `webhook-id` (the `event_id`) and body, signed with the current secret. Should it fail as well, the delivery is `failed` again. On a paused subscription the delivery waits, `paused`, until it is resumed.
         */
        post: operations["resendDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/validate/{identifier}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Validate an ABN or ACN offline
         * @description Checks the format and check digit of an ABN or ACN without consulting any register. A well-formed identifier with a wrong check digit is a 200 with `valid: false` and `reason: "checksum"`; it is not an error.
         */
        get: operations["validateIdentifier"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The registers, loaded or not, for the key’s partition
         * @description Every dataset by its name: whether a copy is loaded in the partition your key sees (test keys: the sandbox; live keys: live data), its as-of date, record count and last ingest.
         */
        get: operations["listSources"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/scenarios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The sandbox fixture catalogue (test keys only)
         * @description Each scenario names a synthetic entity in the sandbox and what it exercises. Live keys get 403.
         */
        get: operations["sandboxScenarios"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a synthetic change event for a sandbox entity (test keys only)
         * @description The event is delivered to your matching subscriptions exactly as a real change would be. Live keys get 403.
         */
        post: operations["sandboxEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's account usage this month
         * @description Live-key requests counted against the plan allowance for the calendar month (UTC). The allowance is a soft cap: exceeding it never blocks a request.
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * MCP tool server (stateless Streamable HTTP)
         * @description The Model Context Protocol endpoint for AI agents: JSON-RPC 2.0 over POST, one independent JSON-RPC message per request (no session id, no batches; GET and DELETE answer 405). Send `Authorization: Bearer <key>`, `Content-Type: application/json` and `Accept: application/json, text/event-stream`. The tools are `resolve_entity`, `screen_entity`, `validate_abn`, `validate_acn`, `watch_entity`, `list_watches`; each returns its REST counterpart's body as `structuredContent` and as text, and a failure as `isError: true` with the REST error envelope. Every request takes from the rate limit; each `tools/call` with a live key counts once against the monthly allowance.
         */
        post: operations["mcp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process is up */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the store is reachable and start-up loading is done */
        get: operations["ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This API as an OpenAPI 3.1 document */
        get: operations["openapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The API reference as a web page */
        get: operations["docs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AlignedTokens: {
            /** @description The screened name's token(s), as read: transliterated to Latin letters, upper case. */
            screened: string;
            /** @description The listed name's token(s) it aligned with. */
            listed: string;
            /**
             * @description `exact`; `number` (3, THREE, 1ST, FIRST); `transliterated` (from another script, by its consonants); `spelling` (a Latin spelling variant: HASAN, HASSAN); `phonetic` (sounds alike); `typo` (one or two letters); `initial` (J, JOHN); `abbreviation` (a word of an organisation name written in part: SERV, SERVICE; SHPG, SHIPPING); `joined` (NORTHWIND, NORTH WIND; ALTIKRITI, AL-TIKRITI; or the whole name, its letters the same with its words broken elsewhere: THEEAGLES L L C, THE EAGLES L.L.C.); `given_name` (one given name as another language writes it, MYKOLA, NIKOLAY, MIKALAI; JOSEPH, YOSEF, YUSUF; or the patronymics made from it, MYKOLAYOVYCH, NIKOLAYEVICH). Words alike without agreeing in any of these ways are not paired (SOKOLOV, SOKOLOVSKY).
             * @enum {string}
             */
            how: "exact" | "number" | "transliterated" | "spelling" | "phonetic" | "typo" | "initial" | "abbreviation" | "joined" | "given_name";
            /** @description How closely they agree, 0 to 1. */
            score: number;
        };
        Candidate: {
            /** @description 100 for an exact identifier match; at most 90 for a name match. */
            match_confidence: number;
            match_signals: {
                [key: string]: unknown;
            };
            canonical: {
                entity_name: components["schemas"]["Provenance"];
                abn: components["schemas"]["Provenance"];
                acn: components["schemas"]["Provenance"];
                entity_form: components["schemas"]["Provenance"];
                entity_type: components["schemas"]["Provenance"];
                abn_status: components["schemas"]["Provenance"];
                gst_registered: components["schemas"]["Provenance"];
                asic_status: components["schemas"]["Provenance"];
                registered_office_state: components["schemas"]["Provenance"];
                icn: components["schemas"]["Provenance"];
                former_names: {
                    value: string;
                    source: string;
                    ceased: string | null;
                }[];
                related_entities: {
                    role: string;
                    abn: string | null;
                    acn: string | null;
                    name: string;
                    source: string;
                    resolvable: boolean;
                    note: string;
                }[];
                individual_name: {
                    given: string;
                    other_given: string;
                    family: string;
                } | null;
                trustee_resolution: string;
            };
            conflicts: {
                field: string;
                values: {
                    value: unknown;
                    source: string;
                }[];
            }[];
            provenance_complete: boolean;
            charity: {
                is_registered_charity: boolean;
                registration_date: string | null;
                charity_size: string | null;
                subtypes: string[];
                source: string;
                checked: boolean;
                as_of: string | null;
            };
            licensing: {
                afs_licensee: {
                    licence_number: string | null;
                    entity_name: string | null;
                    status: string | null;
                    start_date: string | null;
                    end_date: string | null;
                    register: string | null;
                } | null;
                credit_licensee: {
                    licence_number: string | null;
                    entity_name: string | null;
                    status: string | null;
                    start_date: string | null;
                    end_date: string | null;
                    register: string | null;
                } | null;
                afs_authorised_rep: {
                    licence_number: string | null;
                    entity_name: string | null;
                    status: string | null;
                    start_date: string | null;
                    end_date: string | null;
                    register: string | null;
                } | null;
                credit_rep: {
                    licence_number: string | null;
                    entity_name: string | null;
                    status: string | null;
                    start_date: string | null;
                    end_date: string | null;
                    register: string | null;
                } | null;
                authorisation_links: {
                    relationship: string;
                    licence_number: string;
                    licensee_name: string | null;
                    register: string;
                }[];
            };
            professional_registrations: {
                financial_adviser: {
                    registration_number: string | null;
                    name: string | null;
                    status: string | null;
                    start_date: string | null;
                    end_date: string | null;
                    register: string | null;
                } | null;
                registered_auditor: {
                    registration_number: string | null;
                    name: string | null;
                    status: string | null;
                    start_date: string | null;
                    end_date: string | null;
                    register: string | null;
                } | null;
                smsf_auditor: {
                    registration_number: string | null;
                    name: string | null;
                    status: string | null;
                    start_date: string | null;
                    end_date: string | null;
                    register: string | null;
                } | null;
                registered_liquidator: {
                    status: string;
                    note: string;
                };
            };
            external_ids: {
                lei: components["schemas"]["Provenance"];
                opencorporates: components["schemas"]["Provenance"];
                qcc: components["schemas"]["Provenance"];
                spglobal: components["schemas"]["Provenance"];
                _coverage: string;
            };
            superannuation: {
                is_super_fund: boolean;
                fund_status: string | null;
                usi_products: {
                    usi: string;
                    product_name: string | null;
                    contribution_restrictions: boolean | null;
                }[];
                source: string;
                as_of: string | null;
            };
            screening: {
                dfat_sanctions: {
                    /** @enum {string} */
                    status: "review" | "no_match" | "unavailable";
                    checked_as_of: string | null;
                    note: string;
                };
                asic_banned_org: {
                    /** @enum {string} */
                    status: "review" | "no_match" | "unavailable";
                    matched_on: string | null;
                    checked_as_of: string | null;
                    note: string;
                };
                asic_banned_person: {
                    note: string;
                };
                external_administration: {
                    source: string;
                    checked_as_of: string | null;
                    note: string;
                };
                bankruptcy_petition: {
                    note: string;
                };
                austrac_reporting_entity: {
                    source: string;
                    checked_as_of: string | null;
                    note: string;
                };
            };
        };
        Delivery: {
            /** @description The delivery's id: its `webhook-id`, the same on every attempt. */
            event_id: string;
            /** @enum {string} */
            type: "deregistration" | "name_change" | "abn_cancelled" | "gst_deregistered" | "banned_match" | "sanctions_match" | "external_administration" | "bankruptcy_petition_filed" | "charity_status_change" | "licensing_change" | "professional_registration_change" | "relationship_change" | "austrac_roll_change";
            /** @description The exact JSON body that was, or would be, delivered. */
            payload: string;
            created_at: string;
            subscription_id: string;
            /** @enum {string} */
            delivery_status: "pending" | "delivered" | "failed" | "paused";
            /** @description The last attempt's HTTP status, if it got one. */
            response_code: number | null;
            attempts: number;
            entity: {
                abn: string | null;
                acn: string | null;
            };
            /** @description When a pending delivery's next attempt is due. */
            next_attempt_at: string | null;
        };
        Error: {
            error: {
                /** @enum {string} */
                type: "invalid_request" | "authentication_required" | "invalid_api_key" | "forbidden" | "not_found" | "conflict" | "rate_limited" | "internal_error" | "upstream_unavailable" | "service_unavailable";
                /** @description A finer reason within the type, e.g. `format`. */
                code?: string;
                /** @description For a person; do not parse it. */
                message: string;
                /** @description The request field the error is about. */
                param?: string;
                /** @description Also in the `Request-Id` header; quote it when asking for help. */
                request_id: string;
            };
        };
        MatchExplanation: {
            /** @description The listed name (primary or alias) that matched best. */
            listed_name: string;
            /** @description Which tokens of the screened name aligned with which of the listed name, and how. */
            aligned: components["schemas"]["AlignedTokens"][];
            /** @description Tokens on either side that nothing aligned with: they count against the match. */
            unmatched: {
                screened: string[];
                listed: string[];
            };
            /** @description Legal forms found on either side, by kind (`LLC` covers LLC, OOO, GmbH, S.R.L., Limited…): set aside, not compared as words. */
            legal_forms: {
                screened: string[];
                listed: string[];
            };
        };
        Provenance: {
            value: unknown;
            /** @description The register: `abr`, `asic`, `acnc`, `gleif`, `oric`, `apra`, … */
            source: string;
            /** @description The register's date for the record, or of the copy read. */
            as_of?: string;
            note?: string;
        };
        ResolveResponse: {
            /** @description The identifier or name that was sent. */
            query: {
                [key: string]: unknown;
            };
            /** @description Best match first; empty when nothing is found. */
            candidates: components["schemas"]["Candidate"][];
            disclaimer: string;
        };
        SandboxScenarios: {
            scenarios: {
                [key: string]: {
                    abn: string | null;
                    acn: string | null;
                    name: string;
                    description: string;
                    query?: string;
                };
            };
        };
        ScreenResponse: {
            query: {
                [key: string]: unknown;
            };
            screened_names: string[];
            /**
             * @description `review` if any list says review; else `unavailable` if any is; else `no_match`.
             * @enum {string}
             */
            overall: "review" | "no_match" | "unavailable";
            results: {
                dfat_sanctions: {
                    /** @enum {string} */
                    status: "review" | "no_match" | "unavailable";
                    matches: {
                        /** @description The screened name that matched. */
                        name: string;
                        /** @description The list entry: DFAT reference, ASIC document number or ACN. */
                        reference: string;
                        /** @description The match score, 0 to 1; `review` from 0.88 (docs/screening.md). */
                        score: number;
                        /** @description How the names aligned; absent for a match by ACN. */
                        explanation?: components["schemas"]["MatchExplanation"];
                        /** @description Which list name matched and how: `primary`, `alias`, `alias_weak`, `original_script`, `acn`. */
                        matched_on: string;
                        list_entry: {
                            name: string;
                            type: string | null;
                            listing: string | null;
                            /** @description The list's date of birth for the entry, as the list writes it (free text on the DFAT list). */
                            date_of_birth: string | null;
                        };
                        /**
                         * @description Only when `date_of_birth` was given: how it compares with the listed one (`unknown` when the list gives none). The match stays either way.
                         * @enum {string}
                         */
                        date_of_birth_check?: "consistent" | "inconsistent" | "unknown";
                    }[];
                    checked_as_of: string | null;
                    note: string;
                };
                asic_banned_org: {
                    /** @enum {string} */
                    status: "review" | "no_match" | "unavailable";
                    matches: {
                        /** @description The screened name that matched. */
                        name: string;
                        /** @description The list entry: DFAT reference, ASIC document number or ACN. */
                        reference: string;
                        /** @description The match score, 0 to 1; `review` from 0.88 (docs/screening.md). */
                        score: number;
                        /** @description How the names aligned; absent for a match by ACN. */
                        explanation?: components["schemas"]["MatchExplanation"];
                        /** @description Which list name matched and how: `primary`, `alias`, `alias_weak`, `original_script`, `acn`. */
                        matched_on: string;
                        list_entry: {
                            name: string;
                            type: string | null;
                            listing: string | null;
                            /** @description The list's date of birth for the entry, as the list writes it (free text on the DFAT list). */
                            date_of_birth: string | null;
                        };
                        /**
                         * @description Only when `date_of_birth` was given: how it compares with the listed one (`unknown` when the list gives none). The match stays either way.
                         * @enum {string}
                         */
                        date_of_birth_check?: "consistent" | "inconsistent" | "unknown";
                    }[];
                    checked_as_of: string | null;
                    note: string;
                };
                asic_banned_person: {
                    /** @enum {string} */
                    status: "review" | "no_match" | "unavailable";
                    matches: {
                        /** @description The screened name that matched. */
                        name: string;
                        /** @description The list entry: DFAT reference, ASIC document number or ACN. */
                        reference: string;
                        /** @description The match score, 0 to 1; `review` from 0.88 (docs/screening.md). */
                        score: number;
                        /** @description How the names aligned; absent for a match by ACN. */
                        explanation?: components["schemas"]["MatchExplanation"];
                        /** @description Which list name matched and how: `primary`, `alias`, `alias_weak`, `original_script`, `acn`. */
                        matched_on: string;
                        list_entry: {
                            name: string;
                            type: string | null;
                            listing: string | null;
                            /** @description The list's date of birth for the entry, as the list writes it (free text on the DFAT list). */
                            date_of_birth: string | null;
                        };
                        /**
                         * @description Only when `date_of_birth` was given: how it compares with the listed one (`unknown` when the list gives none). The match stays either way.
                         * @enum {string}
                         */
                        date_of_birth_check?: "consistent" | "inconsistent" | "unknown";
                    }[];
                    checked_as_of: string | null;
                    note: string;
                };
            };
            disclaimer: string;
        };
        Sources: {
            /** @enum {string} */
            partition: "sandbox" | "live";
            data: {
                /** @description The dataset name, as `aevs ingest` takes it. */
                dataset: string;
                title: string;
                /** @description The provenance code this register puts on fields: `abr`, `asic`, `acnc`, … */
                source: string;
                /** @description False when nothing has been loaded: blocks that need it say `not_checked` or `unavailable`. */
                loaded: boolean;
                /** @description The register's own date of the loaded copy. */
                as_of: string | null;
                /** @description Records in the loaded copy (removed ones excluded). */
                records: number;
                last_ingest_at: string | null;
                /** @description When `aevs sync` or the server’s scheduler last looked at the official source (live partition only). */
                last_sync_at: string | null;
                /** @description `synced`: a new file was ingested; `unchanged`: the source had nothing new; `failed`: see `last_sync_error` (the stored copy is untouched). */
                last_sync_status: ("synced" | "unchanged" | "failed") | null;
                /** @description Why the last sync failed; null when it did not. */
                last_sync_error: string | null;
                /** @description When the server next looks for a new file; null unless it syncs (`AEVS_SYNC=on`). */
                next_sync_at: string | null;
                last_ingest: {
                    files: string[];
                    inserted: number;
                    updated: number;
                    unchanged: number;
                    removed: number;
                    rejected: number;
                    events: number;
                } | null;
            }[];
        };
        Subscription: {
            /** @description `wsub_…` */
            id: string;
            account_id: string;
            events: ("deregistration" | "name_change" | "abn_cancelled" | "gst_deregistered" | "banned_match" | "sanctions_match" | "external_administration" | "bankruptcy_petition_filed" | "charity_status_change" | "licensing_change" | "professional_registration_change" | "relationship_change" | "austrac_roll_change")[];
            webhook_url: string;
            /** @enum {string} */
            status: "active" | "paused";
            entities: {
                identifier: string;
                /** @enum {string} */
                id_type: "abn" | "acn";
            }[];
            created_at: string;
            updated_at: string;
        };
        Usage: {
            /** @description The calendar month, UTC: `YYYY-MM`. */
            period: string;
            /** @description Requests made with live keys this month. Test keys count nothing. */
            live_requests: number;
            /** @description The monthly plan allowance. A soft cap: exceeding it never blocks a request. */
            allowance: number;
            /** @description Allowance less live requests, never below zero. */
            remaining: number;
        };
        Validation: {
            /**
             * @description Inferred from the length: 11 digits `abn`, 9 digits `acn`.
             * @enum {string}
             */
            identifier_type: "abn" | "acn";
            /** @description The identifier as supplied. */
            input: string;
            /** @description The identifier with whitespace removed. */
            normalized: string;
            /** @description True when the check digit is correct. */
            valid: boolean;
            /**
             * @description Only when `valid` is false. A 200 carries `checksum`; wrong length or characters is a 400 `format`.
             * @enum {string}
             */
            reason?: "format" | "checksum";
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    resolve: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 11 digits; spaces are stripped. Exact-match path. */
                    abn?: string;
                    /** @description 9 digits; spaces are stripped. Exact-match path. */
                    acn?: string;
                    /** @description Free text; ranked fuzzy match. Advisory only: verify the candidate by ABN or ACN. */
                    name?: string;
                    /**
                     * @description State filter for name search: NSW, VIC, QLD, WA, SA, TAS, ACT or NT.
                     * @enum {string}
                     */
                    state?: "NSW" | "VIC" | "QLD" | "WA" | "SA" | "TAS" | "ACT" | "NT";
                    /** @description Postcode filter for name search. */
                    postcode?: string;
                    /**
                     * @description Name search only: `exact` returns exact normalised matches; `fuzzy` (the default) ranks near ones too.
                     * @enum {string}
                     */
                    mode?: "exact" | "fuzzy";
                    /** @description Enrichment blocks to compute; default all. Blocks not computed keep their empty shape. */
                    include?: ("charity" | "licensing" | "professional_registrations" | "external_ids" | "superannuation" | "screening")[];
                } & ({
                    abn: unknown;
                    acn?: never;
                    name?: never;
                } | {
                    abn?: never;
                    acn: unknown;
                    name?: never;
                } | {
                    abn?: never;
                    acn?: never;
                    name: unknown;
                });
            };
        };
        responses: {
            /** @description Candidates, best first, with the standing disclaimer. */
            200: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResolveResponse"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key */
            401: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description The bearer challenge (RFC 6750 §3): `Bearer realm="aevs"`, with `error="invalid_token"` and a description for a refused key. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type */
            415: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Upstream register unavailable */
            502: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable */
            503: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    screen: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A name to screen as given: an organisation or a person ("Given Family" or "FAMILY, Given"). */
                    name?: string;
                    /** @description 11 digits; spaces are stripped. Screens every name the entity is known by. */
                    abn?: string;
                    /** @description 9 digits; spaces are stripped. Screens every name the entity is known by. */
                    acn?: string;
                    /**
                     * @description Compare only with list entries of this kind.
                     * @enum {string}
                     */
                    entity_type?: "organisation" | "individual";
                    /** @description An individual's date of birth (YYYY, YYYY-MM or YYYY-MM-DD): each match says whether the listed one is consistent with it. No match is dropped because of it. */
                    date_of_birth?: string;
                } & ({
                    name: unknown;
                    abn?: never;
                    acn?: never;
                } | {
                    name?: never;
                    abn: unknown;
                    acn?: never;
                } | {
                    name?: never;
                    abn?: never;
                    acn: unknown;
                });
            };
        };
        responses: {
            /** @description One result per list and the overall status. */
            200: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScreenResponse"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key */
            401: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description The bearer challenge (RFC 6750 §3): `Bearer realm="aevs"`, with `error="invalid_token"` and a description for a refused key. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type */
            415: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Upstream register unavailable */
            502: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable */
            503: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWatches: {
        parameters: {
            query?: {
                limit?: number;
                /** @description `next_cursor` from the previous page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Oldest first; pass `next_cursor` as `cursor` for the next page. */
            200: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Subscription"][];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key */
            401: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description The bearer challenge (RFC 6750 §3): `Bearer realm="aevs"`, with `error="invalid_token"` and a description for a refused key. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable */
            503: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first answer to a key (a UUID, say) is given again, with `Idempotent-Replayed: true` and no second effect, to the same request under the same key from the same account and key mode for 24 hours. The same key with another body is a 409 `idempotency_key_reused`; while the first request runs, a 409 `idempotency_key_in_use` with `Retry-After: 1`. A request that fails leaves the key unused. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The entities to watch, at least one and at most 1000; duplicates are folded. */
                    entities: string[];
                    /** @description The event types to be told about, at least one. */
                    events: ("deregistration" | "name_change" | "abn_cancelled" | "gst_deregistered" | "banned_match" | "sanctions_match" | "external_administration" | "bankruptcy_petition_filed" | "charity_status_change" | "licensing_change" | "professional_registration_change" | "relationship_change" | "austrac_roll_change")[];
                    /**
                     * Format: uri
                     * @description Where the signed webhooks are POSTed: https, and not a private, loopback or link-local address.
                     */
                    webhook_url: string;
                };
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subscription: components["schemas"]["Subscription"];
                        /** @description `whsec_` + base64 of 32 random bytes; shown only here. */
                        secret: string;
                    };
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key */
            401: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description The bearer challenge (RFC 6750 §3): `Bearer realm="aevs"`, with `error="invalid_token"` and a description for a refused key. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type */
            415: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable */
            503: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription id, `wsub_…`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription. */
            200: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subscription: components["schemas"]["Subscription"];
                    };
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key */
            401: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description The bearer challenge (RFC 6750 §3): `Bearer realm="aevs"`, with `error="invalid_token"` and a description for a refused key. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable */
            503: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription id, `wsub_…`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @constant */
                        deleted: true;
                    };
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key */
            401: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description The bearer challenge (RFC 6750 §3): `Bearer realm="aevs"`, with `error="invalid_token"` and a description for a refused key. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable */
            503: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription id, `wsub_…`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The entities to watch, at least one and at most 1000; duplicates are folded. */
                    entities?: string[];
                    /** @description The event types to be told about, at least one. */
                    events?: ("deregistration" | "name_change" | "abn_cancelled" | "gst_deregistered" | "banned_match" | "sanctions_match" | "external_administration" | "bankruptcy_petition_filed" | "charity_status_change" | "licensing_change" | "professional_registration_change" | "relationship_change" | "austrac_roll_change")[];
                    /**
                     * Format: uri
                     * @description Where the signed webhooks are POSTed: https, and not a private, loopback or link-local address.
                     */
                    webhook_url?: string;
                    /**
                     * @description `paused` records events (readable by polling) without sending them.
                     * @enum {string}
                     */
                    status?: "active" | "paused";
                };
            };
        };
        responses: {
            /** @description The updated subscription. */
            200: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subscription: components["schemas"]["Subscription"];
                    };
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key */
            401: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description The bearer challenge (RFC 6750 §3): `Bearer realm="aevs"`, with `error="invalid_token"` and a description for a refused key. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type */
            415: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable */
            503: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rollWatchSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription id, `wsub_…`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new secret, shown once. */
            200: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `whsec_` + base64 of 32 random bytes; shown only here. */
                        secret: string;
                    };
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key */
            401: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description The bearer challenge (RFC 6750 §3): `Bearer realm="aevs"`, with `error="invalid_token"` and a description for a refused key. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable */
            503: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listChanges: {
        parameters: {
            query: {
                since: string;
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The watched ABN or ACN. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of changes. */
            200: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changes: {
                            event_id: string;
                            /** @enum {string} */
                            type: "deregistration" | "name_change" | "abn_cancelled" | "gst_deregistered" | "banned_match" | "sanctions_match" | "external_administration" | "bankruptcy_petition_filed" | "charity_status_change" | "licensing_change" | "professional_registration_change" | "relationship_change" | "austrac_roll_change";
                            /** @description The exact JSON body that was, or would be, delivered. */
                            payload: string;
                            created_at: string;
                            subscription_id: string;
                            /** @enum {string} */
                            delivery_status: "pending" | "delivered" | "failed" | "paused";
                            response_code: number | null;
                            attempts: number;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key */
            401: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description The bearer challenge (RFC 6750 §3): `Bearer realm="aevs"`, with `error="invalid_token"` and a description for a refused key. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable */
            503: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                /** @description `next_cursor` from the previous page. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description The subscription id, `wsub_…`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries. */
            200: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Delivery"][];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key */
            401: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description The bearer challenge (RFC 6750 §3): `Bearer realm="aevs"`, with `error="invalid_token"` and a description for a refused key. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable */
            503: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resendDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription id, `wsub_…`. */
                id: string;
                /** @description The delivery's `event_id` (its `webhook-id`), `evt_…`. */
                event_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery, now pending (or paused). */
            200: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["Delivery"];
                    };
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key */
            401: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description The bearer challenge (RFC 6750 §3): `Bearer realm="aevs"`, with `error="invalid_token"` and a description for a refused key. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable */
            503: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    validateIdentifier: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An ABN (11 digits) or ACN (9 digits); spaces are allowed and stripped. */
                identifier: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The identifier is well formed; `valid` says whether its check digit is correct. */
            200: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Validation"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key */
            401: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description The bearer challenge (RFC 6750 §3): `Bearer realm="aevs"`, with `error="invalid_token"` and a description for a refused key. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable */
            503: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSources: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every dataset, in a fixed order. */
            200: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sources"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key */
            401: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description The bearer challenge (RFC 6750 §3): `Bearer realm="aevs"`, with `error="invalid_token"` and a description for a refused key. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable */
            503: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sandboxScenarios: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `fixtures/sandbox/scenarios.json`. */
            200: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxScenarios"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key */
            401: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description The bearer challenge (RFC 6750 §3): `Bearer realm="aevs"`, with `error="invalid_token"` and a description for a refused key. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden for this key */
            403: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable */
            503: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sandboxEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first answer to a key (a UUID, say) is given again, with `Idempotent-Replayed: true` and no second effect, to the same request under the same key from the same account and key mode for 24 hours. The same key with another body is a 409 `idempotency_key_reused`; while the first request runs, a 409 `idempotency_key_in_use` with `Retry-After: 1`. A request that fails leaves the key unused. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    identifier: string;
                    /** @enum {string} */
                    type: "deregistration" | "name_change" | "abn_cancelled" | "gst_deregistered" | "banned_match" | "sanctions_match" | "external_administration" | "bankruptcy_petition_filed" | "charity_status_change" | "licensing_change" | "professional_registration_change" | "relationship_change" | "austrac_roll_change";
                };
            };
        };
        responses: {
            /** @description The event and how many deliveries it queued. */
            201: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description `true` when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        type: "deregistration" | "name_change" | "abn_cancelled" | "gst_deregistered" | "banned_match" | "sanctions_match" | "external_administration" | "bankruptcy_petition_filed" | "charity_status_change" | "licensing_change" | "professional_registration_change" | "relationship_change" | "austrac_roll_change";
                        entity: {
                            abn: string | null;
                            acn: string | null;
                            name: string;
                        };
                        deliveries: number;
                        /** @description One per delivery: its webhook-id, and the event_id polling shows. */
                        event_ids: string[];
                    };
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key */
            401: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description The bearer challenge (RFC 6750 §3): `Bearer realm="aevs"`, with `error="invalid_token"` and a description for a refused key. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden for this key */
            403: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type */
            415: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable */
            503: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's own account. */
            200: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Usage"];
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key */
            401: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description The bearer challenge (RFC 6750 §3): `Bearer realm="aevs"`, with `error="invalid_token"` and a description for a refused key. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable */
            503: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    mcp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    jsonrpc: "2.0";
                    method?: string;
                    id?: string | number | null;
                    params?: unknown;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description The JSON-RPC response to a request. */
            200: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        jsonrpc: "2.0";
                        id: string | number;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A notification or a JSON-RPC response was accepted: no body. */
            202: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key */
            401: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description The bearer challenge (RFC 6750 §3): `Bearer realm="aevs"`, with `error="invalid_token"` and a description for a refused key. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not acceptable */
            406: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type */
            415: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable */
            503: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests per minute for the account. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the bucket now. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the bucket is full again. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process answers. */
            200: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ok";
                    };
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every check passed. */
            200: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ready";
                        checks: {
                            [key: string]: "ok";
                        };
                    };
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable */
            503: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    openapi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document, generated from the schemas that validate requests. */
            200: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    docs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HTML rendered from the OpenAPI document. */
            200: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description Bad request */
            400: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error */
            500: {
                headers: {
                    /** @description Unique per request (`req_…`). */
                    "Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
