package dev.toolsmith.processor;

import com.google.auto.service.AutoService;
import com.squareup.javapoet.ClassName;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
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
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;
import org.jspecify.annotations.Nullable;

/**
 * The Toolsmith annotation processor: reads and validates {@code @Tool} methods, then writes one
 * adapter per owning class, from that class alone (isolating, in Gradle's terms); {@link
 * IndexProcessor} lists the adapters. It never claims the annotation and never crashes javac.
 */
@AutoService(Processor.class)
public final class ToolProcessor extends AbstractProcessor {

  /** Owners with a type not generated yet, by qualified name; retried next round. */
  private final Set<String> deferredOwners = new TreeSet<>();

  /** Tool names seen in this build, with the method that took each first. */
  private final Map<String, String> toolNames = new LinkedHashMap<>();

  /** Adapter names taken, with their owners. */
  private final Map<String, String> adapterOwners = new LinkedHashMap<>();

  private @Nullable Diagnostics diagnostics;

  /** Made on first use: {@code processingEnv} is set by {@code init}, after construction. */
  private Diagnostics diagnostics() {
    if (diagnostics == null) {
      diagnostics = new Diagnostics(processingEnv.getMessager(), Origins.docTrees(processingEnv));
    }
    return diagnostics;
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    // Named so the processor runs when they appear; never claimed, so -Xlint:processing still
    // warns that nothing claimed them (IndexTest accepts exactly that warning).
    return Set.of(
        Names.TOOL_ANNOTATION,
        Names.PARAM_ANNOTATION,
        Names.BIND_INSTANCE_ANNOTATION,
        Names.JSON_NAME_ANNOTATION,
        Names.DISCRIMINATOR_ANNOTATION);
  }

  @Override
  public Set<String> getSupportedOptions() {
    return Set.of(Names.APPROVAL_OPTION);
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    try {
      processRound(round);
    } catch (Throwable t) {
      diagnostics().crash(t);
    }
    return false;
  }

  private void processRound(RoundEnvironment round) throws IOException {
    if (round.processingOver()) {
      // Types still missing now never will exist: report them (creating sources now would warn).
      for (String name : deferredOwners) {
        processOwner(processingEnv.getElementUtils().getTypeElement(name), true);
      }
      deferredOwners.clear();
      return;
    }
    Set<TypeElement> owners =
        new TreeSet<>(Comparator.comparing(o -> o.getQualifiedName().toString()));
    TypeElement tool = processingEnv.getElementUtils().getTypeElement(Names.TOOL_ANNOTATION);
    if (tool != null) {
      for (ExecutableElement method :
          ElementFilter.methodsIn(round.getElementsAnnotatedWith(tool))) {
        TypeElement owner = ToolReader.ownerOf(method);
        // A class handed over as a class file had its adapter generated from its source.
        if (Origins.fromSource(processingEnv, owner)) {
          owners.add(owner);
        }
      }
    }
    for (String name : deferredOwners) {
      owners.add(processingEnv.getElementUtils().getTypeElement(name));
    }
    deferredOwners.clear();
    for (TypeElement owner : owners) {
      processOwner(owner, false);
    }
  }

  private void processOwner(TypeElement owner, boolean lastRound) throws IOException {
    ToolReader reader =
        new ToolReader(
            processingEnv.getElementUtils(),
            processingEnv.getTypeUtils(),
            lastRound,
            "explicit"
                .equals(processingEnv.getOptions().getOrDefault(Names.APPROVAL_OPTION, "").trim()));
    List<ToolReader.Reading> readings = new ArrayList<>();
    for (ExecutableElement method : ElementFilter.methodsIn(owner.getEnclosedElements())) {
      Optional<AnnotationMirror> mirror = Annotations.find(method, Names.TOOL_ANNOTATION);
      mirror.ifPresent(m -> readings.add(reader.read(method, m)));
    }
    if (!lastRound && readings.stream().anyMatch(ToolReader.Reading::deferred)) {
      deferredOwners.add(owner.getQualifiedName().toString());
      return;
    }
    List<ToolModel> valid = new ArrayList<>();
    for (ToolReader.Reading reading : readings) {
      diagnostics().print(reading.report());
      if (reading.tool().isEmpty()) {
        continue;
      }
      ToolModel model = reading.tool().get();
      String here = signature(owner, reading.method());
      String first = toolNames.putIfAbsent(model.name(), here);
      if (first != null) {
        Report duplicate = new Report();
        duplicate.add(
            reading.method(),
            reading.nameMirror(),
            reading.nameValue(),
            Message.NAME_DUPLICATE,
            model.name(),
            here,
            first);
        diagnostics().print(duplicate);
      } else {
        valid.add(model);
      }
    }
    if (lastRound || valid.isEmpty()) {
      return;
    }
    String adapterName = Names.adapter(ClassName.get(owner)).canonicalName();
    String taken = adapterOwners.putIfAbsent(adapterName, owner.getQualifiedName().toString());
    if (taken != null) {
      diagnostics()
          .print(owner, Message.ADAPTER_NAME_CLASH, adapterName, taken, owner.getQualifiedName());
      return;
    }
    valid.sort(Comparator.comparing(ToolModel::name));
    boolean hasInstanceTools = valid.stream().anyMatch(t -> !t.invocation().isStatic());
    boolean bound =
        hasInstanceTools && Annotations.find(owner, Names.BIND_INSTANCE_ANNOTATION).isPresent();
    OwnerModel model =
        new OwnerModel(ClassName.get(owner), bound, hasInstanceTools && !bound, List.copyOf(valid));
    Map<String, String> schemas = new TreeMap<>();
    for (ToolModel t : valid) {
      schemas.put(t.name(), SchemaWriter.schema(t));
    }
    // The owner is the only originating element: the adapter depends on nothing else.
    new SourceFileWriter(processingEnv, ToolProcessor.class)
        .write(AdapterGenerator.generate(model, schemas), owner, List.of(owner));
  }

  /** {@code a.Owner.method(String, int)}: the parameter types tell two overloads apart. */
  private static String signature(TypeElement owner, ExecutableElement method) {
    StringBuilder types = new StringBuilder();
    for (VariableElement parameter : method.getParameters()) {
      types.append(types.length() == 0 ? "" : ", ");
      types.append(parameter.asType().toString().replaceAll("\\bjava\\.lang\\.(?=[A-Z])", ""));
    }
    return owner.getQualifiedName() + "." + method.getSimpleName() + "(" + types + ")";
  }
}
