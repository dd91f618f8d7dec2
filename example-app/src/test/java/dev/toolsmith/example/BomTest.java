package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * {@code toolsmith-bom} pins every published module of the reactor (a module is published unless it
 * sets {@code maven.deploy.skip}), at the reactor's version, and carries the parent's metadata (it
 * cannot inherit it: see bom/pom.xml).
 */
final class BomTest {

  private static final Path ROOT = Readme.path().getParent();

  private static Element pom(Path file) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Document document = factory.newDocumentBuilder().parse(file.toFile());
    return document.getDocumentElement();
  }

  private static List<Element> children(Element parent, String name) {
    List<Element> found = new ArrayList<>();
    NodeList nodes = parent.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      if (nodes.item(i) instanceof Element element && element.getTagName().equals(name)) {
        found.add(element);
      }
    }
    return found;
  }

  private static String text(Element parent, String name) {
    List<Element> found = children(parent, name);
    return found.isEmpty() ? "" : found.get(0).getTextContent().strip();
  }

  private static Element child(Element parent, String name) {
    return children(parent, name).get(0);
  }

  /** The element's content as comparable text: tags, text and attributes, comments left out. */
  private static String content(Node node) {
    StringBuilder out = new StringBuilder();
    NodeList nodes = node.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      Node child = nodes.item(i);
      if (child instanceof Element element) {
        out.append('<').append(element.getTagName()).append('>');
        out.append(content(element));
        out.append("</").append(element.getTagName()).append('>');
      } else if (child.getNodeType() == Node.TEXT_NODE) {
        out.append(child.getTextContent().strip());
      }
    }
    return out.toString();
  }

  private static boolean published(Element module) {
    Element properties = children(module, "properties").stream().findFirst().orElse(null);
    boolean skipped = properties != null && text(properties, "maven.deploy.skip").equals("true");
    return !skipped && !text(module, "packaging").equals("pom");
  }

  @Test
  void theBomPinsEveryPublishedModuleAtTheReactorsVersion() throws Exception {
    Element parent = pom(ROOT.resolve("pom.xml"));
    Set<String> published = new TreeSet<>();
    for (Element module : children(child(parent, "modules"), "module")) {
      Element pom = pom(ROOT.resolve(module.getTextContent().strip()).resolve("pom.xml"));
      if (published(pom)) {
        published.add(text(pom, "artifactId"));
      }
    }
    assertFalse(published.isEmpty());

    Element bom = pom(ROOT.resolve("bom/pom.xml"));
    assertEquals(text(parent, "version"), text(bom, "version"));
    Set<String> pinned = new TreeSet<>();
    for (Element dependency :
        children(child(child(bom, "dependencyManagement"), "dependencies"), "dependency")) {
      assertEquals("dev.toolsmith", text(dependency, "groupId"));
      assertEquals("${project.version}", text(dependency, "version"));
      pinned.add(text(dependency, "artifactId"));
    }
    assertEquals(published, pinned);
  }

  @Test
  void theBomCarriesTheParentsMetadata() throws Exception {
    Element parent = pom(ROOT.resolve("pom.xml"));
    Element bom = pom(ROOT.resolve("bom/pom.xml"));
    for (String element : List.of("url", "inceptionYear", "licenses", "developers", "scm")) {
      assertFalse(children(parent, element).isEmpty(), element);
      assertEquals(
          content(child(parent, element)), content(child(bom, element)), element + " differs");
    }
  }
}
