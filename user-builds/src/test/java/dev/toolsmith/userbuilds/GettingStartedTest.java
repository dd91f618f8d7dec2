package dev.toolsmith.userbuilds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/guide/getting-started.md followed as a user follows it: its files written into an empty
 * folder, its commands run ({@code mvn -B package}, which runs the page's JUnit test, then {@code
 * java -jar}), its printed output compared with the page's, and the jar served over stdio to an MCP
 * client as its client configuration starts it.
 *
 * <p>Toolsmith is not published: as the page says, a user installs it into their local repository
 * first. Here the jars this build made are put into a fresh local repository, and every other
 * artifact comes from this build's own local repository (a file repository asked before Maven
 * Central), so the nested build reaches the network only for what this build never resolved (a
 * transitive version the outer build manages away) and installs nothing into the caller's.
 */
final class GettingStartedTest {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Path PAGE = ROOT.resolve("docs/guide/getting-started.md");
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void thePagesProjectBuildsTestsRunsAndServesAsWritten(@TempDir Path dir) throws Exception {
    GuidePage page = GuidePage.read(PAGE);
    Path project = Files.createDirectories(dir.resolve("weather-tools"));
    assertEquals(
        List.of(
            "pom.xml",
            "src/main/java/com/example/WeatherTools.java",
            "src/main/java/com/example/Main.java",
            "src/test/java/com/example/WeatherToolsTest.java"),
        List.copyOf(page.files().keySet()));
    for (Map.Entry<String, String> file : page.files().entrySet()) {
      Path path = project.resolve(file.getKey());
      Files.createDirectories(path.getParent());
      Files.writeString(path, file.getValue());
    }

    List<String> commands = page.blocks("sh").get(0).lines().toList();
    assertEquals(List.of("mvn -B package", "java -jar target/weather-tools.jar"), commands);
    Processes.Result build = Processes.run(project, 540, maven(dir, "-B", "package"));
    assertEquals(0, build.exitCode(), build.output());
    assertTrue(build.output().contains("Tests run: 2, Failures: 0"), build.output());

    Processes.Result run =
        Processes.run(project, 60, List.of(Processes.java(), "-jar", "target/weather-tools.jar"));
    assertEquals(0, run.exitCode(), run.output());
    assertEquals(page.blocks("").get(0), run.output());

    JsonNode desktop = JSON.readTree(page.blocks("json").get(0)).at("/mcpServers/weather");
    List<String> command = new ArrayList<>(List.of(desktop.get("command").asText()));
    desktop.get("args").forEach(arg -> command.add(arg.asText()));
    command.replaceAll(
        arg ->
            arg.equals("java")
                ? Processes.java()
                : arg.replace("/path/to/weather-tools", project.toString()));
    assertEquals("sunny in Lyon for 3 days", callOverStdio(command));
  }

  /** Maven as the user runs it, with Toolsmith staged as the page's install step leaves it. */
  private static List<String> maven(Path dir, String... arguments) throws Exception {
    Path repository = StagedRepository.create(dir.resolve("repository"), ROOT);
    Path outer = Path.of(System.getProperty("toolsmith.localRepository"));
    Path settings =
        Files.writeString(
            dir.resolve("settings.xml"),
            "<settings><profiles><profile><id>this-build</id>"
                + repository("repositor", outer)
                + repository("pluginRepositor", outer)
                + "</profile></profiles><activeProfiles><activeProfile>this-build"
                + "</activeProfile></activeProfiles></settings>\n");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("toolsmith.mavenHome"), "bin", "mvn").toString());
    command.addAll(List.of("-s", settings.toString(), "-Dmaven.repo.local=" + repository));
    command.addAll(List.of(arguments));
    return command;
  }

  /** {@code <repositories>} (or plugin repositories) holding the file repository {@code path}. */
  private static String repository(String stem, Path path) {
    return "<"
        + stem
        + "ies><"
        + stem
        + "y><id>this-build</id><url>"
        + path.toUri()
        + "</url></"
        + stem
        + "y></"
        + stem
        + "ies>";
  }

  /** Starts {@code command} as a client would, calls forecast over stdio, returns its text. */
  private static String callOverStdio(List<String> command) throws Exception {
    Process server =
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try (OutputStream in = server.getOutputStream();
        BufferedReader out =
            new BufferedReader(
                new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
      send(
          in,
          "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
              + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"guide\",\"version\":\"1\"}}}");
      assertTrue(read(out, 1).has("result"));
      send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
      send(
          in,
          "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":"
              + "\"forecast\",\"arguments\":{\"city\":\"Lyon\",\"days\":3}}}");
      JsonNode result = read(out, 2).get("result");
      in.close();
      assertTrue(server.waitFor(30, TimeUnit.SECONDS), "the server ends when stdin closes");
      return result.at("/content/0/text").asText();
    } finally {
      server.destroyForcibly();
    }
  }

  private static void send(OutputStream in, String message) throws Exception {
    in.write((message + "\n").getBytes(StandardCharsets.UTF_8));
    in.flush();
  }

  /** The answer to request {@code id}, skipping notifications. */
  private static JsonNode read(BufferedReader out, int id) throws Exception {
    for (String line = out.readLine(); line != null; line = out.readLine()) {
      JsonNode message = JSON.readTree(line);
      if (message.path("id").asInt(-1) == id) {
        return message;
      }
    }
    throw new AssertionError("the server closed before answering request " + id);
  }
}
