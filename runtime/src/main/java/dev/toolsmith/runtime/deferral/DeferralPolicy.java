package dev.toolsmith.runtime.deferral;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.ToolEntry;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * When a listing defers its tools behind a search, and which tools it always loads.
 *
 * <p>A listing defers when the tools it offers are more than {@link Builder#aboveTools} or their
 * definitions, in the request's format, are longer than {@link Builder#aboveChars} characters or
 * {@link Builder#aboveTokens} tokens. Tokens are counted at run time, only for a policy with a
 * token bound, on first need and kept per definition ({@link
 * dev.toolsmith.runtime.ToolEntry#definitionTokens}): o200k_base when jtokkit is on the class path,
 * else a token per four characters, about what o200k_base makes of these texts, a little on the
 * high side. Tools named in {@link Builder#alwaysLoad}, registered in a toolset named in {@link
 * Builder#alwaysLoadToolsets}, or marked {@link ToolEntry#alwaysLoaded()} are listed in full even
 * then.
 */
public final class DeferralPolicy {

  private static final DeferralPolicy NEVER = builder().build();
  private static final DeferralPolicy ALWAYS = builder().aboveTools(0).build();

  private final int aboveTools;
  private final long aboveChars;
  private final long aboveTokens;
  private final Set<String> alwaysLoad;
  private final Set<String> alwaysLoadToolsets;

  private DeferralPolicy(Builder builder) {
    this.aboveTools = builder.aboveTools;
    this.aboveChars = builder.aboveChars;
    this.aboveTokens = builder.aboveTokens;
    this.alwaysLoad = Set.copyOf(builder.alwaysLoad);
    this.alwaysLoadToolsets = Set.copyOf(builder.alwaysLoadToolsets);
  }

  /** A policy that never defers: every listing is the full one. */
  public static DeferralPolicy never() {
    return NEVER;
  }

  /** A policy that defers every listing that offers at least one tool. */
  public static DeferralPolicy always() {
    return ALWAYS;
  }

  /** A builder that starts from {@link #never()}. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this policy's settings, to derive a changed copy. */
  public Builder toBuilder() {
    return new Builder()
        .aboveTools(aboveTools)
        .aboveChars(aboveChars)
        .aboveTokens(aboveTokens)
        .alwaysLoad(alwaysLoad)
        .alwaysLoadToolsets(alwaysLoadToolsets);
  }

  /** Whether a listing of {@code tools} definitions, {@code chars} long in all, is deferred. */
  public boolean defers(int tools, long chars) {
    return defers(tools, chars, 0);
  }

  /**
   * Whether a listing of {@code tools} definitions, {@code chars} long and about {@code tokens}
   * tokens in all, is deferred.
   */
  public boolean defers(int tools, long chars, long tokens) {
    return tools > 0 && (tools > aboveTools || chars > aboveChars || tokens > aboveTokens);
  }

  /** Whether the tool {@code name}, registered in {@code toolset}, is listed in full regardless. */
  public boolean alwaysLoaded(String name, String toolset) {
    return alwaysLoad.contains(name) || alwaysLoadToolsets.contains(toolset);
  }

  /**
   * Whether {@code entry} is listed in full regardless: named or in a named toolset, or marked
   * {@link ToolEntry#alwaysLoaded()} where it was written.
   */
  public boolean alwaysLoaded(ToolEntry entry) {
    return entry.alwaysLoaded() || alwaysLoaded(entry.name(), entry.toolset());
  }

  /** The tool count above which a listing defers; {@link Integer#MAX_VALUE} for no limit. */
  public int aboveTools() {
    return aboveTools;
  }

  /** The definitions' length above which a listing defers; {@link Long#MAX_VALUE} for none. */
  public long aboveChars() {
    return aboveChars;
  }

  /** The definitions' tokens above which a listing defers; {@link Long#MAX_VALUE} for none. */
  public long aboveTokens() {
    return aboveTokens;
  }

  /** Whether the policy has a token bound: only then does a listing count tokens. */
  boolean countsTokens() {
    return aboveTokens != Long.MAX_VALUE;
  }

  @Override
  public String toString() {
    return "DeferralPolicy{aboveTools="
        + (aboveTools == Integer.MAX_VALUE ? "none" : aboveTools)
        + ", aboveChars="
        + (aboveChars == Long.MAX_VALUE ? "none" : aboveChars)
        + ", aboveTokens="
        + (aboveTokens == Long.MAX_VALUE ? "none" : aboveTokens)
        + ", alwaysLoad="
        + alwaysLoad
        + ", alwaysLoadToolsets="
        + alwaysLoadToolsets
        + "}";
  }

  /** Collects a {@link DeferralPolicy}'s settings. */
  public static final class Builder {
    private int aboveTools = Integer.MAX_VALUE;
    private long aboveChars = Long.MAX_VALUE;
    private long aboveTokens = Long.MAX_VALUE;
    private final Set<String> alwaysLoad = new LinkedHashSet<>();
    private final Set<String> alwaysLoadToolsets = new LinkedHashSet<>();

    private Builder() {}

    /** Defer when more than {@code tools} tools are offered (0: whenever any is). */
    public Builder aboveTools(int tools) {
      if (tools < 0) {
        throw new IllegalArgumentException("aboveTools must be >= 0; found " + tools);
      }
      this.aboveTools = tools;
      return this;
    }

    /** Defer when the offered definitions are longer than {@code chars} characters. */
    public Builder aboveChars(long chars) {
      if (chars < 0) {
        throw new IllegalArgumentException("aboveChars must be >= 0; found " + chars);
      }
      this.aboveChars = chars;
      return this;
    }

    /**
     * Defer when the offered definitions are more than {@code tokens} tokens (counted at run time;
     * see the class comment).
     */
    public Builder aboveTokens(long tokens) {
      if (tokens < 0) {
        throw new IllegalArgumentException("aboveTokens must be >= 0; found " + tokens);
      }
      this.aboveTokens = tokens;
      return this;
    }

    /** Tools listed in full even in a deferred listing (added to those already given). */
    public Builder alwaysLoad(String... names) {
      return alwaysLoad(List.of(names));
    }

    /** Tools listed in full even in a deferred listing (added to those already given). */
    public Builder alwaysLoad(Collection<String> names) {
      for (String name : requireNonNull(names, "names == null")) {
        alwaysLoad.add(requireNonNull(name, "name == null"));
      }
      return this;
    }

    /** Toolsets whose registered tools are listed in full even in a deferred listing. */
    public Builder alwaysLoadToolsets(String... toolsets) {
      return alwaysLoadToolsets(List.of(toolsets));
    }

    /** Toolsets whose registered tools are listed in full even in a deferred listing. */
    public Builder alwaysLoadToolsets(Collection<String> toolsets) {
      for (String toolset : requireNonNull(toolsets, "toolsets == null")) {
        alwaysLoadToolsets.add(requireNonNull(toolset, "toolset == null"));
      }
      return this;
    }

    /** The policy. */
    public DeferralPolicy build() {
      return new DeferralPolicy(this);
    }
  }
}
