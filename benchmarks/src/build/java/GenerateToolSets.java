import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Build step of the benchmarks: writes the same N tools in Toolsmith's form and in each peer's
 * form, compiles each set into its own jar, and keeps the 1000-tool Toolsmith sources for the
 * compile-time benchmark.
 *
 * <p>Run by exec-maven-plugin as a single-file source program, with the benchmark module's class
 * path (which holds the annotations, the runtime, the processor and both peers): {@code java -cp CP
 * GenerateToolSets.java WORK_DIR CLASSES_DIR}. Each set jar lands in {@code
 * CLASSES_DIR/toolsets/<contender>-n<N>.jar} and carries {@code META-INF/bench/classes.txt} (the
 * owner classes, which the peers need because they have no discovery). The jars are nested in the
 * benchmark jar and loaded through their own class loader, so each N starts from nothing and
 * Toolsmith's ServiceLoader discovery sees exactly one set.
 */
public final class GenerateToolSets {

  static final int[] RUNTIME_SIZES = {50, 500, 2000};
  static final int COMPILE_SIZE = 1000;
  static final int TOOLS_PER_OWNER = 10;
  static final String[] DOMAINS = {
    "docs",
    "calendar",
    "billing",
    "files",
    "weather",
    "crm",
    "inventory",
    "tickets",
    "maps",
    "metrics"
  };
  static final String PROCESSOR = "dev.toolsmith.processor.ToolProcessor";
  static final String PROCESSORS = PROCESSOR + ",dev.toolsmith.processor.IndexProcessor";

  /** The three forms a tool set is written in. */
  enum Form {
    TOOLSMITH("toolsmith"),
    LANGCHAIN4J("langchain4j"),
    SPRINGAI("springai"),
    /** The hand-written limit: plain methods, streaming parse per tool, pre-built definitions. */
    LIMIT("limit");

    final String token;

    Form(String token) {
      this.token = token;
    }
  }

  public static void main(String[] args) throws Exception {
    Path work = Paths.get(args[0]);
    Path classes = Paths.get(args[1]);
    String classPath = System.getProperty("java.class.path");
    boolean processorPresent = onClassPath(PROCESSOR);
    String stamp = stamp(classPath, processorPresent, classes);
    Path stampFile = work.resolve("stamp.txt");
    Path toolsets = classes.resolve("toolsets");
    if (Files.exists(stampFile)
        && Files.readString(stampFile).equals(stamp)
        && Files.isDirectory(toolsets)) {
      System.out.println("[bench] tool sets up to date");
      return;
    }
    deleteTree(work);
    deleteTree(toolsets);
    deleteTree(classes.resolve("bench-sources"));
    Files.createDirectories(toolsets);
    if (!processorPresent) {
      System.out.println(
          "[bench] WARNING: "
              + PROCESSOR
              + " not on the class path;"
              + " the Toolsmith sets are compiled without it and hold no index");
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    for (int n : RUNTIME_SIZES) {
      for (Form form : Form.values()) {
        long start = System.nanoTime();
        String set = form.token + "-n" + n;
        Path src = work.resolve("src").resolve(set);
        List<Path> files = writeSet(src, form, n);
        Path out = work.resolve("classes").resolve(set);
        Files.createDirectories(out);
        List<String> options =
            new ArrayList<>(
                List.of(
                    "--release",
                    "17",
                    "-encoding",
                    "UTF-8",
                    "-nowarn",
                    "-Xlint:none",
                    "-classpath",
                    classPath,
                    "-d",
                    out.toString()));
        if (form == Form.TOOLSMITH && processorPresent) {
          Path generated = work.resolve("generated").resolve(set);
          Files.createDirectories(generated);
          options.addAll(
              List.of(
                  "-processorpath",
                  classPath,
                  "-processor",
                  PROCESSORS,
                  "-s",
                  generated.toString()));
        } else {
          options.add("-proc:none");
        }
        if (form == Form.LANGCHAIN4J || form == Form.SPRINGAI) {
          options.add("-parameters"); // both peers read parameter names by reflection
        }
        for (Path f : files) {
          options.add(f.toString());
        }
        int rc = javac.run(null, null, null, options.toArray(new String[0]));
        if (rc != 0) {
          throw new IllegalStateException("javac failed for tool set " + set);
        }
        writeClassList(out, form, n);
        jar(out, toolsets.resolve(set + ".jar"));
        System.out.printf(
            "[bench] %s: %d tools compiled in %d ms%n",
            set, n, (System.nanoTime() - start) / 1_000_000);
      }
    }
    // The compile-time benchmark's sources travel as resources of the benchmark jar.
    Path compileSrc = classes.resolve("bench-sources").resolve("toolsmith-n" + COMPILE_SIZE);
    List<Path> files = writeSet(compileSrc, Form.TOOLSMITH, COMPILE_SIZE);
    List<String> listing = new ArrayList<>();
    for (Path f : files) {
      listing.add(compileSrc.relativize(f).toString().replace('\\', '/'));
    }
    Files.write(compileSrc.resolve("files.txt"), listing, StandardCharsets.UTF_8);
    Files.createDirectories(work);
    Files.writeString(stampFile, stamp);
  }

  static boolean onClassPath(String className) {
    try {
      Class.forName(className, false, GenerateToolSets.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /**
   * A digest of this program and of every class path entry, so an unchanged build skips the work.
   */
  static String stamp(String classPath, boolean processorPresent, Path output) throws IOException {
    MessageDigest digest;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    String self = System.getProperty("jdk.launcher.sourcefile", "");
    if (!self.isEmpty()) {
      digest.update(Files.readAllBytes(Paths.get(self)));
    }
    digest.update(Boolean.toString(processorPresent).getBytes(StandardCharsets.UTF_8));
    for (String entry : classPath.split(java.io.File.pathSeparator)) {
      Path p = Paths.get(entry);
      if (!Files.exists(p)
          || p.toAbsolutePath().normalize().equals(output.toAbsolutePath().normalize())) {
        continue; // our own output folder holds what this program writes
      }
      try (Stream<Path> walk = Files.walk(p)) {
        for (Path f : (Iterable<Path>) walk.filter(Files::isRegularFile).sorted()::iterator) {
          FileTime t = Files.getLastModifiedTime(f);
          digest.update(
              (f + "|" + Files.size(f) + "|" + t.toMillis() + "\n")
                  .getBytes(StandardCharsets.UTF_8));
        }
      }
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  static List<Path> writeSet(Path root, Form form, int n) throws IOException {
    String pkg = "bench." + form.token + ".n" + n;
    Path dir = root.resolve(pkg.replace('.', '/'));
    Files.createDirectories(dir);
    List<Path> files = new ArrayList<>();
    SourceWriter w = new SourceWriter(form, pkg);
    files.add(write(dir, "Priority", w.enumType("Priority", "LOW", "NORMAL", "HIGH", "URGENT")));
    files.add(write(dir, "Currency", w.enumType("Currency", "EUR", "USD", "GBP", "JPY", "CHF")));
    files.add(write(dir, "Stat", w.enumType("Stat", "SUM", "MEAN", "MIN", "MAX")));
    files.add(write(dir, "Status", w.enumType("Status", "OPEN", "PENDING", "CLOSED")));
    files.add(
        write(
            dir,
            "Location",
            w.record("Location", "String city, double latitude, double longitude")));
    files.add(
        write(
            dir, "Attendee", w.record("Attendee", "String email, String name, boolean optional")));
    files.add(
        write(
            dir,
            "Created",
            w.record("Created", "String id, int attendees, java.util.List<String> tags")));
    files.add(write(dir, "Summary", w.record("Summary", "String label, double value, int count")));
    if (form == Form.TOOLSMITH) {
      for (String domain : DOMAINS) {
        String name = checkName(domain);
        files.add(write(dir, name, w.check(name)));
      }
    }
    int owners = 0;
    for (int owner = 0; owner * TOOLS_PER_OWNER < n; owner++) {
      String name = ownerName(owner);
      files.add(write(dir, name, w.owner(name, owner, Math.min(n, (owner + 1) * TOOLS_PER_OWNER))));
      if (form == Form.LIMIT) {
        files.add(write(dir, name + "Calls", LimitWriter.calls(pkg, name, w.specs)));
        files.add(write(dir, name + "Defs", LimitWriter.defs(pkg, name, w.specs)));
      }
      w.specs.clear();
      owners++;
    }
    if (form == Form.LIMIT) {
      files.add(write(dir, "LimitJson", LimitWriter.json(pkg)));
      files.add(write(dir, "LimitSet", LimitWriter.set(pkg, owners)));
    }
    return files;
  }

  static String domain(int owner) {
    return DOMAINS[owner % DOMAINS.length];
  }

  static String capitalize(String s) {
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }

  static String ownerName(int owner) {
    return capitalize(domain(owner)) + "Tools" + owner;
  }

  static String checkName(String domain) {
    return capitalize(domain) + "Check";
  }

  static Path write(Path dir, String type, String source) throws IOException {
    Path f = dir.resolve(type + ".java");
    Files.writeString(f, source, StandardCharsets.UTF_8);
    return f;
  }

  static void writeClassList(Path out, Form form, int n) throws IOException {
    List<String> names = new ArrayList<>();
    if (form == Form.LIMIT) {
      names.add("bench.limit.n" + n + ".LimitSet");
    } else {
      for (int owner = 0; owner * TOOLS_PER_OWNER < n; owner++) {
        names.add("bench." + form.token + ".n" + n + "." + ownerName(owner));
      }
    }
    Path meta = out.resolve("META-INF/bench");
    Files.createDirectories(meta);
    Files.write(meta.resolve("classes.txt"), names, StandardCharsets.UTF_8);
  }

  static void jar(Path dir, Path jar) throws IOException {
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    try (OutputStream os = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(os);
        Stream<Path> walk = Files.walk(dir)) {
      // The manifest written as an entry of our own: JarOutputStream's would carry the time now.
      JarEntry manifestEntry = new JarEntry(JarFile.MANIFEST_NAME);
      manifestEntry.setTime(0L);
      out.putNextEntry(manifestEntry);
      manifest.write(out);
      out.closeEntry();
      for (Path f : (Iterable<Path>) walk.filter(Files::isRegularFile).sorted()::iterator) {
        JarEntry e = new JarEntry(dir.relativize(f).toString().replace('\\', '/'));
        e.setTime(0L); // reproducible jars
        out.putNextEntry(e);
        Files.copy(f, out);
        out.closeEntry();
      }
    }
  }

  static void deleteTree(Path p) throws IOException {
    if (!Files.exists(p)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(p)) {
      walk.sorted((a, b) -> b.getNameCount() - a.getNameCount())
          .forEach(
              f -> {
                try {
                  Files.delete(f);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
    }
  }

  /**
   * Writes one set's sources. Five tool shapes rotate: 0 small (strings, int, boolean, returns a
   * String), 1 nested (enum, list, nested record, list of records, returns a record), 2 numbers
   * (doubles, enums, returns a double), 3 lists (list of numbers, returns a record), 4 paging
   * (returns a list of strings). Bodies are identical in every form.
   */
  static final class SourceWriter {
    final Form form;
    final String pkg;

    /** The tools of the owner being written, for the limit's hand-written calls. */
    final List<ToolSpec> specs = new ArrayList<>();

    SourceWriter(Form form, String pkg) {
      this.form = form;
      this.pkg = pkg;
    }

    String header() {
      return "package " + pkg + ";\n\n";
    }

    String enumType(String name, String... constants) {
      return header()
          + "/** A generated benchmark enum. */\npublic enum "
          + name
          + " { "
          + String.join(", ", constants)
          + " }\n";
    }

    String record(String name, String components) {
      return header()
          + "/** A generated benchmark record. */\npublic record "
          + name
          + "("
          + components
          + ") {}\n";
    }

    String check(String name) {
      return header()
          + "/** A toolset check of the benchmark: always available. */\n"
          + "public final class "
          + name
          + " implements java.util.function.BooleanSupplier {\n"
          + "  @Override public boolean getAsBoolean() { return !Boolean.getBoolean(\"bench.unavailable\"); }\n"
          + "}\n";
    }

    String owner(String name, int owner, int endExclusive) {
      StringBuilder s = new StringBuilder(header());
      s.append("import java.util.ArrayList;\nimport java.util.List;\n");
      switch (form) {
        case TOOLSMITH:
          s.append(
              "import dev.toolsmith.annotations.Param;\nimport dev.toolsmith.annotations.Tool;\n");
          break;
        case LANGCHAIN4J:
          s.append(
              "import dev.langchain4j.agent.tool.P;\nimport dev.langchain4j.agent.tool.Tool;\n");
          break;
        case SPRINGAI:
          s.append(
              "import org.springframework.ai.tool.annotation.Tool;\n"
                  + "import org.springframework.ai.tool.annotation.ToolParam;\n");
          break;
        case LIMIT:
          break;
        default:
          throw new AssertionError(form);
      }
      String domain = domain(owner);
      s.append("\n/** Generated tools of the ").append(domain).append(" domain. */\n");
      s.append("public class ").append(name).append(" {\n");
      for (int i = owner * TOOLS_PER_OWNER; i < endExclusive; i++) {
        s.append('\n');
        tool(s, domain, i);
      }
      s.append("}\n");
      return s.toString();
    }

    void tool(StringBuilder s, String domain, int i) {
      switch (i % 5) {
        case 0:
          method(
              s,
              "search_" + domain + "_" + i,
              "search" + capitalize(domain) + i,
              "Searches the " + domain + " catalogue for entries matching a query.",
              "String",
              new String[][] {
                {"String", "query", "free-text query"},
                {"int", "limit", "maximum number of matches to return"},
                {"boolean", "exactMatch", "match the whole phrase only"}
              },
              "    return \"Found \" + limit + \" \" + (exactMatch ? \"exact\" : \"fuzzy\")"
                  + " + \" matches for '\" + query + \"' in "
                  + domain
                  + "\";\n");
          break;
        case 1:
          method(
              s,
              "create_" + domain + "_" + i,
              "create" + capitalize(domain) + i,
              "Creates a " + domain + " event with a location and attendees.",
              "Created",
              new String[][] {
                {"String", "title", "title of the event"},
                {"Priority", "priority", "how urgent the event is"},
                {"List<String>", "tags", "labels to attach"},
                {"Location", "location", "where the event takes place"},
                {"List<Attendee>", "attendees", "people invited"}
              },
              "    int required = 0;\n"
                  + "    for (Attendee a : attendees) {\n"
                  + "      if (!a.optional()) {\n"
                  + "        required++;\n"
                  + "      }\n"
                  + "    }\n"
                  + "    return new Created(title.toLowerCase().replace(' ', '-') + \"@\" + location.city()"
                  + " + \"/\" + priority.name().toLowerCase(), required, tags);\n");
          break;
        case 2:
          method(
              s,
              "convert_" + domain + "_" + i,
              "convert" + capitalize(domain) + i,
              "Converts an amount between currencies for " + domain + " reports.",
              "double",
              new String[][] {
                {"double", "amount", "amount to convert"},
                {"Currency", "from", "currency of the amount"},
                {"Currency", "to", "currency to convert into"},
                {"int", "precision", "decimal places to keep"}
              },
              "    double scale = Math.pow(10, precision);\n"
                  + "    return Math.round(amount * (to.ordinal() + 1) / (from.ordinal() + 1) * scale) / scale;\n");
          break;
        case 3:
          method(
              s,
              "summarize_" + domain + "_" + i,
              "summarize" + capitalize(domain) + i,
              "Summarizes a series of " + domain + " measurements.",
              "Summary",
              new String[][] {
                {"List<Double>", "values", "the measurements"},
                {"Stat", "stat", "the statistic to compute"},
                {"String", "label", "label of the series"}
              },
              "    double sum = 0;\n"
                  + "    double min = Double.POSITIVE_INFINITY;\n"
                  + "    double max = Double.NEGATIVE_INFINITY;\n"
                  + "    for (double v : values) {\n"
                  + "      sum += v;\n"
                  + "      min = Math.min(min, v);\n"
                  + "      max = Math.max(max, v);\n"
                  + "    }\n"
                  + "    double value = switch (stat) {\n"
                  + "      case SUM -> sum;\n"
                  + "      case MEAN -> values.isEmpty() ? 0 : sum / values.size();\n"
                  + "      case MIN -> min;\n"
                  + "      case MAX -> max;\n"
                  + "    };\n"
                  + "    return new Summary(label, value, values.size());\n");
          break;
        default:
          method(
              s,
              "list_" + domain + "_" + i,
              "list" + capitalize(domain) + i,
              "Lists " + domain + " records of an owner, one page at a time.",
              "List<String>",
              new String[][] {
                {"String", "owner", "owner of the records"},
                {"Status", "status", "only records in this status"},
                {"int", "offset", "index of the first record"},
                {"int", "pageSize", "records per page"},
                {"List<String>", "fields", "fields to include"}
              },
              "    List<String> page = new ArrayList<>();\n"
                  + "    for (int k = 0; k < Math.min(pageSize, 3); k++) {\n"
                  + "      page.add(owner + \"/\" + status.name().toLowerCase() + \"/\" + (offset + k)"
                  + " + \":\" + fields.size());\n"
                  + "    }\n"
                  + "    return page;\n");
          break;
      }
    }

    void method(
        StringBuilder s,
        String toolName,
        String method,
        String description,
        String returns,
        String[][] params,
        String body) {
      String toolset = toolName.substring(toolName.indexOf('_') + 1, toolName.lastIndexOf('_'));
      specs.add(new ToolSpec(toolName, method, description, returns, params));
      switch (form) {
        case TOOLSMITH:
          s.append("  @Tool(name = \"")
              .append(toolName)
              .append("\", description = \"")
              .append(description)
              .append("\", toolset = \"")
              .append(toolset)
              .append("\", check = ")
              .append(checkName(toolset))
              .append(".class)\n");
          break;
        case LANGCHAIN4J:
          s.append("  @Tool(name = \"")
              .append(toolName)
              .append("\", value = \"")
              .append(description)
              .append("\")\n");
          break;
        case SPRINGAI:
          s.append("  @Tool(name = \"")
              .append(toolName)
              .append("\", description = \"")
              .append(description)
              .append("\")\n");
          break;
        case LIMIT:
          break;
        default:
          throw new AssertionError(form);
      }
      s.append("  public ").append(returns).append(' ').append(method).append('(');
      for (int p = 0; p < params.length; p++) {
        if (p > 0) {
          s.append(",\n      ");
        }
        String doc = params[p][2];
        switch (form) {
          case TOOLSMITH:
            s.append("@Param(description = \"").append(doc).append("\") ");
            break;
          case LANGCHAIN4J:
            s.append("@P(\"").append(doc).append("\") ");
            break;
          case SPRINGAI:
            s.append("@ToolParam(description = \"").append(doc).append("\") ");
            break;
          case LIMIT:
            break;
          default:
            throw new AssertionError(form);
        }
        s.append(params[p][0]).append(' ').append(params[p][1]);
      }
      s.append(") {\n").append(body).append("  }\n");
    }
  }

  /** One tool as the generator wrote it: what the limit's hand-written calls need. */
  record ToolSpec(
      String name, String method, String description, String returns, String[][] params) {}

  /**
   * Writes the hand-written limit's code: per owner a class with the tools' definition texts and a
   * streaming-parse call per tool, shared JSON helpers, and a {@code LimitSet} that is the whole
   * registry (name to code in a HashMap, definitions joined once).
   */
  static final class LimitWriter {
    static final String ENUMS_PRIORITY = "[\"LOW\",\"NORMAL\",\"HIGH\",\"URGENT\"]";
    static final String ENUMS_CURRENCY = "[\"EUR\",\"USD\",\"GBP\",\"JPY\",\"CHF\"]";
    static final String ENUMS_STAT = "[\"SUM\",\"MEAN\",\"MIN\",\"MAX\"]";
    static final String ENUMS_STATUS = "[\"OPEN\",\"PENDING\",\"CLOSED\"]";

    private LimitWriter() {}

    static String literal(String text) {
      return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    static String schema(String type, String doc) {
      String d = doc == null ? "" : ",\"description\":\"" + doc + "\"";
      switch (type) {
        case "String":
          return "{\"type\":\"string\"" + d + "}";
        case "int":
          return "{\"type\":\"integer\"" + d + "}";
        case "boolean":
          return "{\"type\":\"boolean\"" + d + "}";
        case "double":
          return "{\"type\":\"number\"" + d + "}";
        case "Priority":
          return "{\"type\":\"string\"" + d + ",\"enum\":" + ENUMS_PRIORITY + "}";
        case "Currency":
          return "{\"type\":\"string\"" + d + ",\"enum\":" + ENUMS_CURRENCY + "}";
        case "Stat":
          return "{\"type\":\"string\"" + d + ",\"enum\":" + ENUMS_STAT + "}";
        case "Status":
          return "{\"type\":\"string\"" + d + ",\"enum\":" + ENUMS_STATUS + "}";
        case "List<String>":
          return "{\"type\":\"array\"" + d + ",\"items\":{\"type\":\"string\"}}";
        case "List<Double>":
          return "{\"type\":\"array\"" + d + ",\"items\":{\"type\":\"number\"}}";
        case "Location":
          return "{\"type\":\"object\""
              + d
              + ",\"properties\":{\"city\":{\"type\":\"string\"},"
              + "\"latitude\":{\"type\":\"number\"},\"longitude\":{\"type\":\"number\"}},"
              + "\"required\":[\"city\",\"latitude\",\"longitude\"],\"additionalProperties\":false}";
        case "List<Attendee>":
          return "{\"type\":\"array\""
              + d
              + ",\"items\":{\"type\":\"object\",\"properties\":{"
              + "\"email\":{\"type\":\"string\"},\"name\":{\"type\":\"string\"},"
              + "\"optional\":{\"type\":\"boolean\"}},\"required\":[\"email\",\"name\",\"optional\"],"
              + "\"additionalProperties\":false}}";
        default:
          throw new IllegalArgumentException(type);
      }
    }

    static String definition(ToolSpec t) {
      StringBuilder props = new StringBuilder();
      StringBuilder required = new StringBuilder();
      for (String[] p : t.params()) {
        if (props.length() > 0) {
          props.append(',');
          required.append(',');
        }
        props.append('"').append(p[1]).append("\":").append(schema(p[0], p[2]));
        required.append('"').append(p[1]).append('"');
      }
      return "{\"type\":\"function\",\"function\":{\"name\":\""
          + t.name()
          + "\",\"description\":\""
          + t.description()
          + "\",\"parameters\":{\"type\":\"object\",\"properties\":{"
          + props
          + "},\"required\":["
          + required
          + "],\"additionalProperties\":false}}}";
    }

    static String read(String type) {
      switch (type) {
        case "String":
          return "p.getText()";
        case "int":
          return "p.getIntValue()";
        case "boolean":
          return "p.getBooleanValue()";
        case "double":
          return "p.getDoubleValue()";
        case "List<String>":
          return "LimitJson.strings(p)";
        case "List<Double>":
          return "LimitJson.doubles(p)";
        case "Location":
          return "LimitJson.location(p)";
        case "List<Attendee>":
          return "LimitJson.attendees(p)";
        default:
          return type + ".valueOf(p.getText())"; // the enums
      }
    }

    static String initial(String type) {
      switch (type) {
        case "int":
          return "0";
        case "double":
          return "0";
        case "boolean":
          return "false";
        default:
          return "null";
      }
    }

    static String write(String returns) {
      switch (returns) {
        case "String":
          return "result";
        case "double":
          return "String.valueOf(result)";
        case "Created":
          return "LimitJson.created(result)";
        case "Summary":
          return "LimitJson.summary(result)";
        case "List<String>":
          return "LimitJson.writeStrings(result)";
        default:
          throw new IllegalArgumentException(returns);
      }
    }

    static String calls(String pkg, String owner, List<ToolSpec> tools) {
      StringBuilder s = new StringBuilder("package " + pkg + ";\n\n");
      s.append("import com.fasterxml.jackson.core.JsonParser;\n")
          .append("import com.fasterxml.jackson.core.JsonToken;\n")
          .append("import java.io.IOException;\nimport java.util.List;\n\n")
          .append("/** Hand-written calls of the tools of {@link ")
          .append(owner)
          .append("}, loaded on the first call. */\n")
          .append("final class ")
          .append(owner)
          .append("Calls {\n\n");
      s.append("  private ").append(owner).append("Calls() {}\n\n");
      s.append("  static String call(")
          .append(owner)
          .append(" self, int tool, String args) throws IOException {\n    switch (tool) {\n");
      for (int i = 0; i < tools.size(); i++) {
        s.append("      case ").append(i).append(": return t").append(i).append("(self, args);\n");
      }
      s.append(
          "      default: throw new IllegalArgumentException(\"tool \" + tool);\n    }\n  }\n");
      for (int i = 0; i < tools.size(); i++) {
        ToolSpec t = tools.get(i);
        s.append("\n  private static String t")
            .append(i)
            .append('(')
            .append(owner)
            .append(" self, String args) throws IOException {\n");
        for (String[] p : t.params()) {
          s.append("    ")
              .append(p[0])
              .append(' ')
              .append(p[1])
              .append(" = ")
              .append(initial(p[0]))
              .append(";\n");
        }
        s.append("    try (JsonParser p = LimitJson.open(args)) {\n")
            .append("      while (p.nextToken() == JsonToken.FIELD_NAME) {\n")
            .append("        String field = p.currentName();\n        p.nextToken();\n")
            .append("        switch (field) {\n");
        for (String[] p : t.params()) {
          s.append("          case \"")
              .append(p[1])
              .append("\": ")
              .append(p[1])
              .append(" = ")
              .append(read(p[0]))
              .append("; break;\n");
        }
        s.append("          default: p.skipChildren();\n        }\n      }\n    }\n");
        StringBuilder args = new StringBuilder();
        for (String[] p : t.params()) {
          args.append(args.length() == 0 ? "" : ", ").append(p[1]);
        }
        s.append("    ")
            .append(t.returns())
            .append(" result = self.")
            .append(t.method())
            .append('(')
            .append(args)
            .append(");\n    return ")
            .append(write(t.returns()))
            .append(";\n  }\n");
      }
      return s.append("}\n").toString();
    }

    /** The names and definition texts alone, so start-up loads no parsing code. */
    static String defs(String pkg, String owner, List<ToolSpec> tools) {
      StringBuilder s = new StringBuilder("package " + pkg + ";\n\n");
      s.append("/** Names and definitions of the tools of {@link ")
          .append(owner)
          .append("}. */\n")
          .append("final class ")
          .append(owner)
          .append("Defs {\n\n")
          .append("  static final String[] NAMES = {");
      for (int i = 0; i < tools.size(); i++) {
        s.append(i == 0 ? "" : ", ").append(literal(tools.get(i).name()));
      }
      s.append("};\n\n  static final String[] DEFINITIONS = {\n");
      for (ToolSpec t : tools) {
        s.append("    ").append(literal(definition(t))).append(",\n");
      }
      s.append("  };\n\n  private ").append(owner).append("Defs() {}\n}\n");
      return s.toString();
    }

    static String json(String pkg) {
      return "package "
          + pkg
          + ";\n\n"
          + "import com.fasterxml.jackson.core.JsonFactory;\n"
          + "import com.fasterxml.jackson.core.JsonGenerator;\n"
          + "import com.fasterxml.jackson.core.JsonParser;\n"
          + "import com.fasterxml.jackson.core.JsonToken;\n"
          + "import java.io.IOException;\nimport java.io.StringWriter;\n"
          + "import java.util.ArrayList;\nimport java.util.List;\n\n"
          + "/** The limit's hand-written JSON reading and writing. */\n"
          + "final class LimitJson {\n\n"
          + "  static final JsonFactory JSON = new JsonFactory();\n\n"
          + "  private LimitJson() {}\n\n"
          + "  static JsonParser open(String args) throws IOException {\n"
          + "    JsonParser p = JSON.createParser(args);\n    p.nextToken();\n    return p;\n  }\n\n"
          + "  static List<String> strings(JsonParser p) throws IOException {\n"
          + "    List<String> values = new ArrayList<>();\n"
          + "    while (p.nextToken() != JsonToken.END_ARRAY) {\n      values.add(p.getText());\n    }\n"
          + "    return values;\n  }\n\n"
          + "  static List<Double> doubles(JsonParser p) throws IOException {\n"
          + "    List<Double> values = new ArrayList<>();\n"
          + "    while (p.nextToken() != JsonToken.END_ARRAY) {\n"
          + "      values.add(p.getDoubleValue());\n    }\n    return values;\n  }\n\n"
          + "  static Location location(JsonParser p) throws IOException {\n"
          + "    String city = null;\n    double latitude = 0;\n    double longitude = 0;\n"
          + "    while (p.nextToken() == JsonToken.FIELD_NAME) {\n"
          + "      String field = p.currentName();\n      p.nextToken();\n"
          + "      switch (field) {\n"
          + "        case \"city\": city = p.getText(); break;\n"
          + "        case \"latitude\": latitude = p.getDoubleValue(); break;\n"
          + "        case \"longitude\": longitude = p.getDoubleValue(); break;\n"
          + "        default: p.skipChildren();\n      }\n    }\n"
          + "    return new Location(city, latitude, longitude);\n  }\n\n"
          + "  static List<Attendee> attendees(JsonParser p) throws IOException {\n"
          + "    List<Attendee> values = new ArrayList<>();\n"
          + "    while (p.nextToken() == JsonToken.START_OBJECT) {\n"
          + "      String email = null;\n      String name = null;\n      boolean optional = false;\n"
          + "      while (p.nextToken() == JsonToken.FIELD_NAME) {\n"
          + "        String field = p.currentName();\n        p.nextToken();\n"
          + "        switch (field) {\n"
          + "          case \"email\": email = p.getText(); break;\n"
          + "          case \"name\": name = p.getText(); break;\n"
          + "          case \"optional\": optional = p.getBooleanValue(); break;\n"
          + "          default: p.skipChildren();\n        }\n      }\n"
          + "      values.add(new Attendee(email, name, optional));\n    }\n    return values;\n  }\n\n"
          + "  static String created(Created c) throws IOException {\n"
          + "    StringWriter out = new StringWriter(128);\n"
          + "    try (JsonGenerator g = JSON.createGenerator(out)) {\n"
          + "      g.writeStartObject();\n      g.writeStringField(\"id\", c.id());\n"
          + "      g.writeNumberField(\"attendees\", c.attendees());\n"
          + "      g.writeArrayFieldStart(\"tags\");\n"
          + "      for (String tag : c.tags()) {\n        g.writeString(tag);\n      }\n"
          + "      g.writeEndArray();\n      g.writeEndObject();\n    }\n"
          + "    return out.toString();\n  }\n\n"
          + "  static String summary(Summary s) throws IOException {\n"
          + "    StringWriter out = new StringWriter(64);\n"
          + "    try (JsonGenerator g = JSON.createGenerator(out)) {\n"
          + "      g.writeStartObject();\n      g.writeStringField(\"label\", s.label());\n"
          + "      g.writeNumberField(\"value\", s.value());\n"
          + "      g.writeNumberField(\"count\", s.count());\n      g.writeEndObject();\n    }\n"
          + "    return out.toString();\n  }\n\n"
          + "  static String writeStrings(List<String> values) throws IOException {\n"
          + "    StringWriter out = new StringWriter(64);\n"
          + "    try (JsonGenerator g = JSON.createGenerator(out)) {\n"
          + "      g.writeStartArray();\n"
          + "      for (String v : values) {\n        g.writeString(v);\n      }\n"
          + "      g.writeEndArray();\n    }\n    return out.toString();\n  }\n}\n";
    }

    static String set(String pkg, int owners) {
      StringBuilder s = new StringBuilder("package " + pkg + ";\n\n");
      s.append("import java.io.IOException;\nimport java.io.UncheckedIOException;\n")
          .append("import java.util.HashMap;\nimport java.util.Map;\nimport java.util.TreeMap;\n")
          .append("import java.util.function.BiFunction;\nimport java.util.function.Supplier;\n\n")
          .append("/** The limit's whole registry: dispatch by name, definitions joined once. */\n")
          .append("public final class LimitSet\n")
          .append("    implements BiFunction<String, String, String>, Supplier<String> {\n\n");
      for (int o = 0; o < owners; o++) {
        s.append("  private final ")
            .append(ownerName(o))
            .append(" o")
            .append(o)
            .append(" = new ")
            .append(ownerName(o))
            .append("();\n");
      }
      s.append("  private final Map<String, Integer> codes = new HashMap<>();\n")
          .append("  private final String definitions;\n\n")
          .append("  public LimitSet() {\n")
          .append("    TreeMap<String, String> sorted = new TreeMap<>();\n");
      for (int o = 0; o < owners; o++) {
        s.append("    add(sorted, ")
            .append(o)
            .append(", ")
            .append(ownerName(o))
            .append("Defs.NAMES, ")
            .append(ownerName(o))
            .append("Defs.DEFINITIONS);\n");
      }
      s.append("    StringBuilder out = new StringBuilder(sorted.size() * 1024).append('[');\n")
          .append("    for (String text : sorted.values()) {\n")
          .append("      if (out.length() > 1) {\n        out.append(',');\n      }\n")
          .append("      out.append(text);\n    }\n")
          .append("    definitions = out.append(']').toString();\n  }\n\n")
          .append("  private void add(TreeMap<String, String> sorted, int owner, String[] names,")
          .append(" String[] texts) {\n")
          .append("    for (int i = 0; i < names.length; i++) {\n")
          .append("      codes.put(names[i], owner << 8 | i);\n")
          .append("      sorted.put(names[i], texts[i]);\n    }\n  }\n\n")
          .append("  @Override\n  public String get() {\n    return definitions;\n  }\n\n")
          .append("  @Override\n  public String apply(String name, String args) {\n")
          .append("    Integer code = codes.get(name);\n")
          .append("    if (code == null) {\n")
          .append("      return \"{\\\"error\\\":\\\"Unknown tool: \" + name + \"\\\"}\";\n    }\n")
          .append("    try {\n      switch (code >>> 8) {\n");
      for (int o = 0; o < owners; o++) {
        s.append("        case ")
            .append(o)
            .append(": return ")
            .append(ownerName(o))
            .append("Calls.call(o")
            .append(o)
            .append(", code & 255, args);\n");
      }
      s.append("        default: throw new IllegalStateException(name);\n      }\n")
          .append(
              "    } catch (IOException e) {\n      throw new UncheckedIOException(e);\n    }\n")
          .append("  }\n}\n");
      return s.toString();
    }
  }
}
