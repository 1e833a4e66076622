package org.sigflow.blocks.variables;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * XML-RPC (the specification at xmlrpc.com, as Python's {@code xmlrpc} module speaks it): {@code methodCall} and
 * {@code methodResponse} documents to and from Java values — {@code Long} (int, i4, i8), {@code Double},
 * {@code Boolean}, {@code String}, {@code List} (array), {@code Map} (struct), {@code byte[]} (base64) and
 * {@code null} (nil, Python's {@code allow_none}). Parsing is strict: a document type declaration, and so any entity,
 * is refused, nothing external is loaded, and anything but the elements of the specification is an error.
 */
final class XmlRpc {
    /** Largest request or response read (GNU Radio's calls are a few hundred bytes). */
    static final int MAX_BYTES = 1 << 20;

    /** A call: the method's name and its parameters. */
    record Call(String method, List<Object> params) {}

    /** A fault response ({@code faultCode}, {@code faultString}), or a document that is not XML-RPC. */
    static final class Fault extends Exception {
        final int code;

        Fault(int code, String message) {
            super(message);
            this.code = code;
        }
    }

    private XmlRpc() {}

    static Call parseCall(byte[] xml) throws Fault {
        Element root = parse(xml, "methodCall");
        Element name = child(root, "methodName", true);
        List<Object> params = new ArrayList<>();
        Element ps = child(root, "params", false);
        if (ps != null) {
            for (Element p : elements(ps, "param")) {
                params.add(value(child(p, "value", true)));
            }
        }
        String method = name.getTextContent().strip();
        if (method.isEmpty()) {
            throw malformed("the methodName is empty");
        }
        return new Call(method, params);
    }

    /** The value a response carries; a fault response throws it. */
    static Object parseResponse(byte[] xml) throws Fault {
        Element root = parse(xml, "methodResponse");
        Element fault = child(root, "fault", false);
        if (fault != null) {
            Object v = value(child(fault, "value", true));
            if (v instanceof Map<?, ?> m && m.get("faultCode") instanceof Long code
                    && m.get("faultString") instanceof String text) {
                throw new Fault(code.intValue(), text);
            }
            throw malformed("a fault without faultCode and faultString");
        }
        List<Element> params = elements(child(root, "params", true), "param");
        if (params.size() != 1) {
            throw malformed("a response holds one param, this one " + params.size());
        }
        return value(child(params.getFirst(), "value", true));
    }

    static String call(String method, List<?> params) {
        StringBuilder sb = new StringBuilder("<?xml version='1.0'?>\n<methodCall>\n<methodName>");
        escape(sb, method);
        sb.append("</methodName>\n<params>\n");
        for (Object p : params) {
            sb.append("<param>\n");
            write(sb, p);
            sb.append("</param>\n");
        }
        return sb.append("</params>\n</methodCall>\n").toString();
    }

    static String response(Object value) {
        StringBuilder sb = new StringBuilder("<?xml version='1.0'?>\n<methodResponse>\n<params>\n<param>\n");
        write(sb, value);
        return sb.append("</param>\n</params>\n</methodResponse>\n").toString();
    }

    static String fault(int code, String message) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("faultCode", (long) code);
        f.put("faultString", message);
        StringBuilder sb = new StringBuilder("<?xml version='1.0'?>\n<methodResponse>\n<fault>\n");
        write(sb, f);
        return sb.append("</fault>\n</methodResponse>\n").toString();
    }

    private static void write(StringBuilder sb, Object v) {
        sb.append("<value>");
        switch (v) {
            case null -> sb.append("<nil/>");
            case Boolean b -> sb.append("<boolean>").append(b ? 1 : 0).append("</boolean>");
            case Long l when l == (int) (long) l -> sb.append("<int>").append(l).append("</int>");
            case Long l -> sb.append("<i8>").append(l).append("</i8>");
            case Integer i -> sb.append("<int>").append(i).append("</int>");
            case Double d -> sb.append("<double>").append(Double.toString(d)).append("</double>");
            case String s -> escape(sb.append("<string>"), s).append("</string>");
            case byte[] b -> sb.append("<base64>").append(Base64.getEncoder().encodeToString(b)).append("</base64>");
            case List<?> l -> {
                sb.append("<array><data>\n");
                l.forEach(x -> write(sb, x));
                sb.append("</data></array>");
            }
            case Map<?, ?> m -> {
                sb.append("<struct>\n");
                m.forEach((k, x) -> {
                    escape(sb.append("<member>\n<name>"), String.valueOf(k)).append("</name>\n");
                    write(sb, x);
                    sb.append("</member>\n");
                });
                sb.append("</struct>");
            }
            default -> throw new IllegalArgumentException("XML-RPC has no type for " + v.getClass().getSimpleName());
        }
        sb.append("</value>\n");
    }

    private static StringBuilder escape(StringBuilder sb, String s) {
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                default -> sb.append(c);
            }
        }
        return sb;
    }

    private static Object value(Element v) throws Fault {
        List<Element> typed = elements(v, null);
        if (typed.isEmpty()) {
            return v.getTextContent(); // a value without a type is a string
        }
        if (typed.size() > 1) {
            throw malformed("a value holds one typed element, this one " + typed.size());
        }
        Element t = typed.getFirst();
        String text = t.getTextContent();
        try {
            return switch (t.getTagName()) {
                case "int", "i4", "i8" -> Long.parseLong(text.strip());
                case "double" -> Double.parseDouble(text.strip());
                case "boolean" -> switch (text.strip()) {
                    case "0" -> false;
                    case "1" -> true;
                    default -> throw malformed("a boolean is 0 or 1, not '" + text.strip() + "'");
                };
                case "string" -> text;
                case "nil" -> null;
                case "base64" -> Base64.getMimeDecoder().decode(text.strip());
                case "array" -> {
                    List<Object> items = new ArrayList<>();
                    for (Element x : elements(child(t, "data", true), "value")) {
                        items.add(value(x));
                    }
                    yield items;
                }
                case "struct" -> {
                    Map<String, Object> members = new LinkedHashMap<>();
                    for (Element m : elements(t, "member")) {
                        members.put(child(m, "name", true).getTextContent(), value(child(m, "value", true)));
                    }
                    yield members;
                }
                case "dateTime.iso8601" -> text.strip();
                default -> throw malformed("unknown value type <" + t.getTagName() + ">");
            };
        } catch (NumberFormatException e) {
            throw malformed("<" + t.getTagName() + "> '" + text.strip() + "' is not a number");
        } catch (IllegalArgumentException e) {
            throw malformed("<base64> holds no base64 text");
        }
    }

    private static Element parse(byte[] xml, String rootName) throws Fault {
        Document doc;
        try {
            DocumentBuilder b = factory().newDocumentBuilder();
            b.setErrorHandler(null);
            b.setEntityResolver((publicId, systemId) -> {
                throw new SAXException("external entities are not loaded");
            });
            doc = b.parse(new ByteArrayInputStream(xml));
        } catch (SAXException | IOException e) {
            throw malformed("not well-formed XML, or it declares a document type (" + e.getMessage() + ")");
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
        Element root = doc.getDocumentElement();
        if (!root.getTagName().equals(rootName)) {
            throw malformed("expected <" + rootName + ">, got <" + root.getTagName() + ">");
        }
        for (Element e : elements(root, null)) {
            if (!List.of("methodName", "params", "fault").contains(e.getTagName())) {
                throw malformed("unexpected <" + e.getTagName() + "> in <" + rootName + ">");
            }
        }
        return root;
    }

    private static DocumentBuilderFactory factory() throws ParserConfigurationException {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        f.setFeature("http://xml.org/sax/features/external-general-entities", false);
        f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        f.setXIncludeAware(false);
        f.setExpandEntityReferences(false);
        f.setNamespaceAware(false);
        return f;
    }

    /** The one child element named {@code name}; with {@code required}, its absence is an error. */
    private static Element child(Element parent, String name, boolean required) throws Fault {
        List<Element> found = new ArrayList<>();
        for (Element e : elements(parent, null)) {
            if (e.getTagName().equals(name)) {
                found.add(e);
            }
        }
        if (found.size() > 1) {
            throw malformed("<" + parent.getTagName() + "> holds " + found.size() + " <" + name + ">");
        }
        if (found.isEmpty() && required) {
            throw malformed("<" + parent.getTagName() + "> lacks <" + name + ">");
        }
        return found.isEmpty() ? null : found.getFirst();
    }

    /** The child elements (all when {@code name} is null, else those of that name: any other is an error). */
    private static List<Element> elements(Element parent, String name) throws Fault {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                if (name != null && !e.getTagName().equals(name)) {
                    throw malformed("unexpected <" + e.getTagName() + "> in <" + parent.getTagName() + ">");
                }
                out.add(e);
            } else if (n.getNodeType() == Node.TEXT_NODE && name != null && !n.getTextContent().isBlank()) {
                throw malformed("unexpected text in <" + parent.getTagName() + ">");
            }
        }
        return out;
    }

    static Fault malformed(String what) {
        return new Fault(-32700, "not an XML-RPC document: " + what);
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
