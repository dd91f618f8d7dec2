package dev.toolsmith.mcp.server;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpStatelessAsyncServer;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStatelessServerTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * The SDK's server under a served registry: one with sessions (stdio, Streamable HTTP) or the
 * stateless one, which the SDK builds from unrelated specification types; both serve the same tools
 * through one call handler, configured the same way.
 */
abstract class SdkServer {

  /** Calls a tool; the exchange is null on a stateless server. */
  @FunctionalInterface
  interface CallHandler {
    Mono<McpSchema.CallToolResult> call(
        @Nullable McpAsyncServerExchange exchange, McpSchema.CallToolRequest request);
  }

  /**
   * How a served registry builds its SDK server: from the JSON mapper, the tools to hold first,
   * which of the tools held it lists, and the handler.
   */
  @FunctionalInterface
  interface Factory {
    SdkServer start(
        McpSchema.Implementation info,
        McpJsonMapper json,
        List<McpSchema.Tool> tools,
        Predicate<String> listed,
        CallHandler handler);
  }

  private static final McpSchema.ServerCapabilities CAPABILITIES =
      McpSchema.ServerCapabilities.builder().tools(true).build();

  /** Without sessions there is no stream to send {@code tools/list_changed} on. */
  private static final McpSchema.ServerCapabilities STATELESS_CAPABILITIES =
      McpSchema.ServerCapabilities.builder().tools(false).build();

  /** Where {@link ServingJson} sends calls of the names the server does not hold. */
  private static final McpSchema.Tool UNSERVED =
      McpSchema.Tool.builder(ServingJson.UNSERVED_TOOL, Map.of("type", "object")).build();

  private static List<McpSchema.Tool> withUnserved(List<McpSchema.Tool> tools) {
    List<McpSchema.Tool> all = new ArrayList<>(tools);
    all.add(UNSERVED);
    return all;
  }

  abstract void add(McpSchema.Tool tool);

  abstract void remove(String name);

  abstract void close();

  /** A server with sessions, built from {@code spec}. */
  static Factory withSessions(McpServer.AsyncSpecification<?> spec) {
    return (info, json, tools, listed, handler) -> {
      McpAsyncServer server =
          spec.serverInfo(info)
              .capabilities(CAPABILITIES)
              .jsonMapper(json)
              .addToolFilter((context, tool) -> Mono.just(listed.test(tool.name())))
              // The registry's own readers validate, and report every problem in the result.
              .validateToolInputs(false)
              .strictToolNameValidation(false)
              .tools(
                  withUnserved(tools).stream().map(tool -> specification(tool, handler)).toList())
              .build();
      return new SdkServer() {
        @Override
        void add(McpSchema.Tool tool) {
          server.addTool(specification(tool, handler)).block();
        }

        @Override
        void remove(String name) {
          server.removeTool(name).onErrorResume(e -> Mono.empty()).block();
        }

        @Override
        void close() {
          SdkServer.close(server.closeGracefully(), server::close);
        }
      };
    };
  }

  /** A stateless server on {@code transport}: no sessions, so no change notifications. */
  static Factory stateless(McpStatelessServerTransport transport) {
    return new Factory() {
      @Override
      public SdkServer start(
          McpSchema.Implementation info,
          McpJsonMapper json,
          List<McpSchema.Tool> tools,
          Predicate<String> listed,
          CallHandler handler) {
        McpStatelessAsyncServer server =
            McpServer.async(transport)
                .serverInfo(info)
                .capabilities(STATELESS_CAPABILITIES)
                .jsonMapper(json)
                .addToolFilter((context, tool) -> Mono.just(listed.test(tool.name())))
                .validateToolInputs(false)
                .strictToolNameValidation(false)
                .tools(
                    withUnserved(tools).stream()
                        .map(tool -> statelessSpecification(tool, handler))
                        .toList())
                .build();
        return new SdkServer() {
          @Override
          void add(McpSchema.Tool tool) {
            server.addTool(statelessSpecification(tool, handler)).block();
          }

          @Override
          void remove(String name) {
            server.removeTool(name).onErrorResume(e -> Mono.empty()).block();
          }

          @Override
          void close() {
            SdkServer.close(server.closeGracefully(), server::close);
          }
        };
      }
    };
  }

  private static McpServerFeatures.AsyncToolSpecification specification(
      McpSchema.Tool tool, CallHandler handler) {
    return McpServerFeatures.AsyncToolSpecification.builder()
        .tool(tool)
        .callHandler(handler::call)
        .build();
  }

  private static McpStatelessServerFeatures.AsyncToolSpecification statelessSpecification(
      McpSchema.Tool tool, CallHandler handler) {
    return McpStatelessServerFeatures.AsyncToolSpecification.builder()
        .tool(tool)
        .callHandler((context, request) -> handler.call(null, request))
        .build();
  }

  /** Lets the server finish what it sends, for at most 5 s, then closes it. */
  private static void close(Mono<Void> graceful, Runnable now) {
    try {
      graceful.block(Duration.ofSeconds(5));
    } catch (RuntimeException e) {
      now.run();
    }
  }
}
