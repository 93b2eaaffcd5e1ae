/**
 * `POST /mcp`: an MCP server for AI agents (issue 18 part 2) over the Streamable HTTP transport of
 * @modelcontextprotocol/sdk, stateless: every POST gets a new server and transport and a JSON
 * answer, so nothing is kept between requests and the guards (http/guard.ts: loopback Host,
 * allowed Origin, JSON bodies, the API key) apply to each one as to every call. GET and DELETE
 * (the transport's SSE stream and session end) answer 405, as the transport's spec allows.
 *
 * The tools are in mcp-tools.ts. A refusal is a tool error (`isError`) whose text is
 * `{"code": …, "message": …}` with the code and message the HTTP call would answer, in the
 * caller's language (Accept-Language).
 */
import type { FastifyInstance } from 'fastify';
// The low-level server: the high-level McpServer validates arguments itself, with its own
// messages; ours must answer the contract's codes (parseBody), so tools are listed and run here.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { bodyJsonSchema, MainCodes, mcpMessages, type Lang } from '@hainiao/contract';
import type { ServiceContext } from '../../context.ts';
import { callerLang, fail, LocalApiError, UNKNOWN_EXCEPTION } from '../../http/envelope.ts';
import { toLocalApiError } from '../../http/errors.ts';
import { requireLogin } from '../../http/route.ts';
import { parseBody } from '../../http/validate.ts';
import { DomainError } from '../../model/errors.ts';
import { CLIENT_VERSION } from '../../version.ts';
import { pageDriver } from './mcp-page.ts';
import { TOOLS } from './mcp-tools.ts';

export const MCP_PATH = '/mcp';

const INSTRUCTIONS =
  'Hainiao local service: browser environments, each with its own profile, fingerprint and ' +
  'proxy. list_environments or create_environment, then start_environment; inside a running ' +
  'one, navigate, snapshot (refs for click and type), screenshot and cookies; stop_environment ' +
  'when done. Errors carry the local API code and message.';

function toolError(code: number, message: string, data: unknown = null): CallToolResult {
  const answer = { code, message, ...(data === null || data === undefined ? {} : { data }) };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(answer) }] };
}

export function mcpRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const pages = pageDriver();
  const tools = new Map(TOOLS.map((tool) => [tool.name, tool]));
  const listed = TOOLS.map((tool) => {
    const { $schema: _dialect, ...inputSchema } = bodyJsonSchema(tool.schema);
    return {
      name: tool.name,
      description: tool.description,
      inputSchema: { ...inputSchema, type: 'object' as const },
    };
  });

  /** One tool call, in the order of an HTTP call (http/route.ts): rate limit, login, body. */
  async function call(name: string, args: unknown, lang: Lang): Promise<CallToolResult> {
    try {
      const tool = tools.get(name);
      if (!tool) throw fail(UNKNOWN_EXCEPTION, mcpMessages.unknownTool, { name }, 400);
      if (tool.rateLimitOf) ctx.rateLimiter.take(tool.rateLimitOf);
      const login = requireLogin(ctx.auth);
      const parsed = parseBody(tool.schema, args ?? {}, {
        fieldCodes: tool.fieldCodes ?? false,
      });
      return { content: await tool.run(parsed, { ctx, pages, lang, login }) };
    } catch (thrown) {
      const error = thrown instanceof DomainError ? toLocalApiError(thrown) : thrown;
      if (error instanceof LocalApiError) {
        return toolError(error.code, error.messages[lang], error.data);
      }
      console.error(error);
      const unknown = MainCodes.get(UNKNOWN_EXCEPTION);
      return toolError(UNKNOWN_EXCEPTION, unknown?.[lang] ?? 'Unknown exception');
    }
  }

  function serverFor(lang: Lang): Server {
    const server = new Server(
      { name: 'hainiao-local-api', version: CLIENT_VERSION },
      { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
    server.setRequestHandler(CallToolRequestSchema, (request) =>
      call(request.params.name, request.params.arguments, lang),
    );
    return server;
  }

  app.post(MCP_PATH, async (request, reply) => {
    const server = serverFor(callerLang(request));
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
    // What the guards set (CORS for an allowed origin) goes out with the SDK's answer.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.hijack();
    reply.raw.once('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (error) {
      console.error(error);
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end(
          JSON.stringify({
            jsonrpc: '2.0',
            error: { code: -32603, message: 'Internal error' },
            id: null,
          }),
        );
      }
    }
  });

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: MCP_PATH,
      handler: (_request, reply) =>
        reply
          .status(405)
          .header('Allow', 'POST')
          .send({
            jsonrpc: '2.0',
            error: {
              code: -32000,
              message: 'Method not allowed: this server is stateless, POST only',
            },
            id: null,
          }),
    });
  }
}
