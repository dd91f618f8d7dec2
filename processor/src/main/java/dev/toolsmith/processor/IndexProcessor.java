package dev.toolsmith.processor;

import com.google.auto.service.AutoService;
import com.squareup.javapoet.ClassName;
import dev.toolsmith.schema.definition.DefinitionFormat;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.ModuleElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.tools.FileObject;
import javax.tools.StandardLocation;
import org.jspecify.annotations.Nullable;

/**
 * Writes a compilation's {@code ToolIndex} and its service entry (aggregating, in Gradle's terms).
 * It reads only the adapters' {@code @GeneratedAdapter} marks, never a tool class, and merges the
 * adapters an earlier build listed that this one did not recompile, so a partial recompilation
 * gives the index a full build gives.
 */
@AutoService(Processor.class)
public final class IndexProcessor extends AbstractProcessor {

  /** Adapters to list, by qualified name, with their elements. */
  private final Map<String, TypeElement> adapters = new LinkedHashMap<>();

  /** Adapters of tool classes compiled from source, not generated yet. */
  private final Set<String> expected = new TreeSet<>();

  /** The tool classes compiled from source, by their adapter's name: where clashes are reported. */
  private final Map<String, TypeElement> owners = new LinkedHashMap<>();

  /** The adapter names of every class compiled from source: their old adapters are replaced. */
  private final Set<String> recompiled = new TreeSet<>();

  /**
   * The tool methods compiled from source that a deferred listing may defer, by toolset, in the
   * order met: OpenAI groups each toolset's deferred tools into one namespace.
   */
  private final Map<String, List<ToolMethod>> deferrable = new TreeMap<>();

  /**
   * A tool method by name, found again in a later round: javac places an element of an earlier
   * round in no source file.
   *
   * @param owner the qualified name of its class
   * @param signature its {@code toString()}, {@code name(parameter types)}
   */
  private record ToolMethod(String owner, String signature) {}

  private boolean written;

  /** A class compiled from source: which module this build compiles. */
  private @Nullable TypeElement recompiledRoot;

  /**
   * A named module's index, checked against the module's {@code provides} clauses in the last
   * round: reading them before the index exists makes javac resolve it too early and fail it.
   */
  private Optional<ModuleIndex> moduleIndex = Optional.empty();

  /**
   * The index written for a named module.
   *
   * @param index its name
   * @param anchor an element of the module
   */
  private record ModuleIndex(ClassName index, Element anchor) {}

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of(RuntimeTypes.GENERATED_ADAPTER.canonicalName(), Names.TOOL_ANNOTATION);
  }

  @Override
  public Set<String> getSupportedOptions() {
    return Set.of(Names.INDEX_OPTION, Names.CROWDED_TOOLSETS_OPTION);
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  private @Nullable Diagnostics diagnostics;

  /** Made on first use: {@code processingEnv} is set by {@code init}, after construction. */
  private Diagnostics diagnostics() {
    if (diagnostics == null) {
      diagnostics = new Diagnostics(processingEnv.getMessager(), Origins.docTrees(processingEnv));
    }
    return diagnostics;
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    try {
      if (!round.processingOver()) {
        processRound(round);
      } else if (moduleIndex.isPresent()) {
        ModuleIndex written = moduleIndex.get();
        checkProvided(
            processingEnv.getElementUtils().getModuleOf(written.anchor()), written.index());
      }
    } catch (Throwable t) {
      diagnostics().crash(t);
    }
    return false;
  }

  private void processRound(RoundEnvironment round) throws IOException {
    Elements elements = processingEnv.getElementUtils();
    for (TypeElement type : ElementFilter.typesIn(round.getRootElements())) {
      if (Origins.fromSource(processingEnv, type)) {
        addRecompiled(type);
        recompiledRoot = recompiledRoot != null ? recompiledRoot : type;
      }
    }
    TypeElement tool = elements.getTypeElement(Names.TOOL_ANNOTATION);
    if (tool != null) {
      for (ExecutableElement method :
          ElementFilter.methodsIn(round.getElementsAnnotatedWith(tool))) {
        TypeElement owner = ToolReader.ownerOf(method);
        if (Origins.fromSource(processingEnv, owner)) {
          noteDeferrable(method);
        }
        String adapter = Names.adapter(ClassName.get(owner)).canonicalName();
        if (Origins.fromSource(processingEnv, owner) && !adapters.containsKey(adapter)) {
          expected.add(adapter);
          owners.put(adapter, owner);
        }
      }
    }
    TypeElement marker = elements.getTypeElement(RuntimeTypes.GENERATED_ADAPTER.canonicalName());
    if (marker != null) {
      for (TypeElement adapter : ElementFilter.typesIn(round.getElementsAnnotatedWith(marker))) {
        String name = adapter.getQualifiedName().toString();
        if (written && !adapters.containsKey(name)) {
          diagnostics().print(adapter, Message.TOOLS_AFTER_INDEX, name);
        }
        adapters.put(name, adapter);
        expected.remove(name);
      }
    }
    // Written in the first round in which every tool class's adapter exists; an adapter that
    // fails validation never comes, and then its errors fail the build anyway.
    if (!written && expected.isEmpty() && (!adapters.isEmpty() || replacesListedAdapters())) {
      written = true;
      writeIndex();
      warnCrowdedToolsets();
    }
  }

  /** Notes {@code method} under its toolset unless it is {@code @Tool(deferred = false)}. */
  private void noteDeferrable(ExecutableElement method) {
    Annotations.find(method, Names.TOOL_ANNOTATION)
        .map(mirror -> Annotations.values(processingEnv.getElementUtils(), mirror))
        .filter(values -> Annotations.bool(values, "deferred", true))
        .ifPresent(
            values ->
                deferrable
                    .computeIfAbsent(
                        Annotations.string(values, "toolset", "default"), k -> new ArrayList<>())
                    .add(
                        new ToolMethod(
                            ToolReader.ownerOf(method).getQualifiedName().toString(),
                            method.toString())));
  }

  /**
   * Warns, once per toolset on its first tool, where a toolset compiled now defers as many tools as
   * OpenAI advises against in one namespace, or more.
   */
  private void warnCrowdedToolsets() {
    if ("false".equals(processingEnv.getOptions().get(Names.CROWDED_TOOLSETS_OPTION))) {
      return;
    }
    int advisedBelow = DefinitionFormat.NAMESPACE_FUNCTIONS_ADVISED_BELOW;
    deferrable.forEach(
        (toolset, methods) -> {
          ExecutableElement first = methods.isEmpty() ? null : find(methods.get(0));
          if (methods.size() >= advisedBelow && first != null) {
            Message message = Message.TOOLSET_CROWDED;
            String text = message.text(advisedBelow, methods.size(), toolset);
            AnnotationMirror tool = Annotations.find(first, Names.TOOL_ANNOTATION).orElseThrow();
            // At the toolset's name where the tool states it, else at the @Tool annotation.
            AnnotationValue named =
                tool.getElementValues().entrySet().stream()
                    .filter(e -> e.getKey().getSimpleName().contentEquals("toolset"))
                    .map(Map.Entry::getValue)
                    .findFirst()
                    .orElse(null);
            diagnostics().print(new Report.Finding(message, text, first, tool, named, null));
          }
        });
  }

  /** Notes {@code type} and its nested classes as recompiled from source. */
  private void addRecompiled(TypeElement type) {
    recompiled.add(Names.adapter(ClassName.get(type)).canonicalName());
    for (TypeElement nested : ElementFilter.typesIn(type.getEnclosedElements())) {
      addRecompiled(nested);
    }
  }

  /** Whether a class an earlier index listed an adapter for is recompiled (maybe without tools). */
  private boolean replacesListedAdapters() throws IOException {
    PreviousIndex previous = PreviousIndex.read(processingEnv);
    return previous.adapters().stream().anyMatch(recompiled::contains);
  }

  private void writeIndex() throws IOException {
    PreviousIndex previous = PreviousIndex.read(processingEnv);
    TreeSet<String> listed = new TreeSet<>(adapters.keySet());
    for (String adapter : previous.adapters()) {
      if (!recompiled.contains(adapter) && isAdapter(adapter)) {
        listed.add(adapter);
      }
    }
    checkNamesUnique(listed);
    TreeSet<String> services = new TreeSet<>(previous.foreignServices());
    Element anchor = listed.isEmpty() ? recompiledRoot : anchor(listed);
    String module = anchor == null ? "" : Origins.moduleName(processingEnv, anchor);
    // A named module's earlier index would still be provided: replace it even if it lists nothing.
    if (!listed.isEmpty() || (!module.isEmpty() && !previous.adapters().isEmpty())) {
      String option = processingEnv.getOptions().getOrDefault(Names.INDEX_OPTION, "").trim();
      ClassName index = Names.index(option, module, List.copyOf(listed));
      new SourceFileWriter(processingEnv, IndexProcessor.class)
          .write(
              IndexGenerator.generate(index, List.copyOf(listed)),
              anchor,
              List.copyOf(adapters.values()));
      services.add(index.reflectionName());
      if (anchor != null && !module.isEmpty()) {
        moduleIndex = Optional.of(new ModuleIndex(index, anchor));
      }
    }
    FileObject resource =
        processingEnv
            .getFiler()
            .createResource(
                StandardLocation.CLASS_OUTPUT,
                "",
                Names.SERVICE_FILE,
                adapters.values().toArray(new Element[0]));
    try (Writer writer =
        new java.io.OutputStreamWriter(resource.openOutputStream(), StandardCharsets.UTF_8)) {
      for (String service : services) {
        writer.write(service + "\n");
      }
    }
  }

  /**
   * Reports a tool name that an adapter compiled now shares with one an earlier build listed: the
   * check a full build makes among its sources, made against what this build did not recompile.
   */
  private void checkNamesUnique(Set<String> listed) {
    Map<String, String> taken = new LinkedHashMap<>();
    for (String adapter : listed) {
      if (!adapters.containsKey(adapter)) {
        toolNames(adapter).forEach(name -> taken.putIfAbsent(name, adapter));
      }
    }
    for (String adapter : adapters.keySet()) {
      for (String name : toolNames(adapter)) {
        String first = taken.get(name);
        TypeElement owner = owners.get(adapter);
        if (first != null && owner != null) {
          diagnostics()
              .print(
                  owner,
                  Message.NAME_DUPLICATE,
                  name,
                  owner.getQualifiedName(),
                  first + " (compiled earlier)");
        }
      }
    }
  }

  /** The tool names an adapter's mark lists. */
  private List<String> toolNames(String adapter) {
    TypeElement type = processingEnv.getElementUtils().getTypeElement(adapter);
    Optional<AnnotationMirror> mark =
        type == null
            ? Optional.empty()
            : Annotations.find(type, RuntimeTypes.GENERATED_ADAPTER.canonicalName());
    return mark.map(
            m ->
                Annotations.strings(
                    Annotations.values(processingEnv.getElementUtils(), m), "value"))
        .orElse(List.of());
  }

  /**
   * A named module ignores service files: its {@code module-info} must say it provides the index.
   */
  private void checkProvided(ModuleElement module, ClassName index) {
    for (ModuleElement.ProvidesDirective provides :
        ElementFilter.providesIn(module.getDirectives())) {
      if (provides
              .getService()
              .getQualifiedName()
              .contentEquals(RuntimeTypes.TOOL_INDEX.canonicalName())
          && provides.getImplementations().stream()
              .anyMatch(i -> i.getQualifiedName().contentEquals(index.canonicalName()))) {
        return;
      }
    }
    diagnostics()
        .print(
            module,
            Message.INDEX_NOT_PROVIDED,
            module.getQualifiedName(),
            RuntimeTypes.TOOL_INDEX.canonicalName(),
            index.canonicalName());
  }

  /** {@code method} as an element of this round, or null when it is gone. */
  private @Nullable ExecutableElement find(ToolMethod method) {
    TypeElement owner = processingEnv.getElementUtils().getTypeElement(method.owner());
    if (owner == null) {
      return null;
    }
    for (ExecutableElement candidate : ElementFilter.methodsIn(owner.getEnclosedElements())) {
      if (candidate.toString().equals(method.signature())) {
        return candidate;
      }
    }
    return null;
  }

  /** An adapter compiled now, else any listed one that exists: where the index belongs. */
  private @Nullable Element anchor(Set<String> listed) {
    if (!adapters.isEmpty()) {
      return adapters.values().iterator().next();
    }
    for (String name : listed) {
      TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
      if (type != null) {
        return type;
      }
    }
    return null;
  }

  private boolean isAdapter(String name) {
    TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
    return type != null
        && Annotations.find(type, RuntimeTypes.GENERATED_ADAPTER.canonicalName()).isPresent();
  }
}
