/**
 * The documentation's table of the MCP tools (packages/contract/src/docs/mcp.ts, shown on
 * /api/doc/mcp) against what the server lists: the same tools in the same order, each with the
 * arguments of its schema and the same required ones, and the same path.
 */
import { describe, expect, test } from 'vitest';
import { bodyJsonSchema, MCP_PATH as DOCUMENTED_PATH, MCP_TOOLS } from '@hainiao/contract';
import { MCP_PATH } from './mcp.ts';
import { TOOLS } from './mcp-tools.ts';

describe('the documented MCP tools', () => {
  test('are the tools the server lists, with their arguments', () => {
    expect(DOCUMENTED_PATH).toBe(MCP_PATH);
    expect(MCP_TOOLS.map((tool) => tool.name)).toEqual(TOOLS.map((tool) => tool.name));
    for (const tool of TOOLS) {
      const schema = bodyJsonSchema(tool.schema);
      const documented = MCP_TOOLS.find((doc) => doc.name === tool.name)!;
      expect(
        documented.arguments.map((argument) => argument.name),
        tool.name,
      ).toEqual(Object.keys(schema.properties ?? {}));
      expect(
        documented.arguments.filter((argument) => argument.required).map((a) => a.name),
        tool.name,
      ).toEqual(schema.required ?? []);
    }
  });
});
