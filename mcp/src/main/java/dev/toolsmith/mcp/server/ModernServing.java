package dev.toolsmith.mcp.server;

import dev.toolsmith.runtime.tool.ToolContext;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.HmacRequestStateCodec;
import io.modelcontextprotocol.modern.server.McpAsyncResponse;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.McpServer;
import io.modelcontextprotocol.modern.server.feature.McpAsyncTool;
import io.modelcontextprotocol.modern.server.feature.McpAsyncToolRepository;
import io.modelcontextprotocol.modern.server.feature.ToolsFeature;
import io.modelcontextprotocol.modern.server.feature.ToolsPage;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * The registry served by the 2026-07-28 rules, on the SDK's modern server: {@code server/discover},
 * {@code _meta} validation, the removed methods and unsupported versions answered as the revision
 * says, {@code subscriptions/listen} for tool list changes (all the SDK's), and this repository of
 * tools: {@code tools/list} pages with {@code ttlMs} and {@code cacheScope}, the same for every
 * client, and calls through the registry with modern progress and cancellation.
 */
final class ModernServing implements McpAsyncToolRepository {

  /** The modern revisions served. */
  static final List<String> VERSIONS = List.of("2026-07-28");

  private final ServedRegistry served;
  private final long ttlMs;
  private volatile McpSchema.CacheScope scope = McpSchema.CacheScope.PUBLIC;

  private ModernServing(ServedRegistry served, long ttlMs) {
    this.served = served;
    this.ttlMs = ttlMs;
  }

  /**
   * The SDK's modern server for {@code served}, named {@code name} and {@code version}; listings
   * may be cached for {@code ttlMs} (the availability interval: after it the list is checked
   * again); an {@code input_required} result's state is sealed with {@code stateKey}, or a key of
   * this process when null.
   */
  static Handle start(
      ServedRegistry served, String name, String version, long ttlMs, byte @Nullable [] stateKey) {
    ModernServing tools = new ModernServing(served, ttlMs);
    McpServer.Builder builder = McpServer.builder();
    if (stateKey != null) { // else the SDK seals with a key of this process
      builder.requestStateCodec(
          HmacRequestStateCodec.builder().key(stateKey).jsonMapper(served.json()).build());
    }
    McpServer server =
        builder
            .serverInfo(McpSchema.Implementation.builder(name, version).build())
            .supportedVersions(VERSIONS)
            .jsonMapper(served.json())
            .feature(
                ToolsFeature.ofAsync(
                    tools,
                    served.json(),
                    new ResultsOnly(McpJsonDefaults.getSchemaValidator()),
                    ttlMs,
                    McpSchema.CacheScope.PUBLIC))
            .subscriptions(served.changes())
            .discoverCache(ttlMs, McpSchema.CacheScope.PUBLIC)
            .build();
    return new Handle(server, tools);
  }

  /** The modern server and a way to mark its listings private. */
  record Handle(McpServer server, ModernServing tools) {
    /** Every caller brings its own authorization: listings may be cached for that caller only. */
    void privateListings() {
      tools.scope = McpSchema.CacheScope.PRIVATE;
    }
  }

  @Override
  public Mono<ToolsPage> list(McpRequestContext ctx, @Nullable String cursor) {
    ToolPages.Page page =
        ToolPages.page(
            cursor == null ? null : com.fasterxml.jackson.databind.node.TextNode.valueOf(cursor),
            served.listing(),
            served.pageSize());
    if (page == null) {
      return Mono.error(McpException.invalidParams(ToolPages.UNKNOWN_CURSOR));
    }
    return Mono.just(
        new ToolsPage(
            page.tools().stream().map(ServedTool::modern).toList(),
            page.nextCursor(),
            ttlMs,
            scope));
  }

  /**
   * Every name is found: a served tool (listed or not) as defined, any other as a tool with no
   * schema, whose call the registry answers (unavailable) or refuses as unknown, with its own
   * message.
   */
  @Override
  public Mono<McpAsyncTool> find(McpRequestContext ctx, String name) {
    ServedTool tool = served.tool(name);
    McpSchema.Tool definition =
        tool != null
            ? tool.modern()
            : McpSchema.Tool.builder(name, new ServedTool.InputSchema(Map.of())).build();
    return Mono.just(McpAsyncTool.of(definition, this::call));
  }

  private Mono<McpAsyncResponse<McpSchema.CallToolOutcome>> call(
      McpRequestContext ctx, McpSchema.CallToolRequest request) {
    if (ctx.progressToken() == null) {
      return answer(ctx, request, (done, total, message) -> {}).map(McpAsyncResponse::result);
    }
    return Mono.just(
        McpAsyncResponse.streaming(
            notifier ->
                answer(
                    ctx,
                    request,
                    (done, total, message) ->
                        notifier.progress(done, total > 0 ? total : null, message).block())));
  }

  private Mono<McpSchema.CallToolOutcome> answer(
      McpRequestContext ctx,
      McpSchema.CallToolRequest request,
      ToolContext.ProgressListener progress) {
    ClientApproval.Modern asker = new ClientApproval.Modern(ctx, request, served.json());
    return served
        .calls()
        .modern(
            ctx.requestId(),
            progress,
            asker,
            context -> served.modernCall(request.name(), request.arguments(), context))
        .flatMap(
            answer -> {
              McpSchema.InputRequiredResult inputRequired = asker.inputRequired();
              if (inputRequired != null) {
                // The client asks its user, then calls again with the answer.
                return Mono.<McpSchema.CallToolOutcome>just(inputRequired);
              }
              return answer.unknownTool()
                  ? Mono.<McpSchema.CallToolOutcome>error(answer.unknownModern())
                  : Mono.<McpSchema.CallToolOutcome>just(answer.modern());
            });
  }

  /**
   * The SDK's schema validator for results only: the registry's readers validate arguments
   * themselves, reporting every problem in the result the model gets.
   */
  private record ResultsOnly(JsonSchemaValidator validator) implements JsonSchemaValidator {
    @Override
    public ValidationResponse validate(Map<String, Object> schema, Object instance) {
      return schema instanceof ServedTool.InputSchema
          ? ValidationResponse.asValid(null)
          : validator.validate(schema, instance);
    }
  }
}
