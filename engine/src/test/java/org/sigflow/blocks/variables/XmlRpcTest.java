package org.sigflow.blocks.variables;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The XML-RPC documents, against the specification's examples and what Python's {@code xmlrpc.client} writes
 * (its exact bytes for {@code set_freq(1500.5)} below); bad documents are one fault message, never an exception.
 */
class XmlRpcTest {
    @Test
    void readsWhatPythonWrites() throws Exception {
        // xmlrpc.client.dumps((1500.5,), 'set_freq') in Python 3.11
        String python = "<?xml version='1.0'?>\n<methodCall>\n<methodName>set_freq</methodName>\n<params>\n"
                + "<param>\n<value><double>1500.5</double></value>\n</param>\n</params>\n</methodCall>\n";
        XmlRpc.Call c = XmlRpc.parseCall(XmlRpc.utf8(python));
        assertEquals("set_freq", c.method());
        assertEquals(List.of(1500.5), c.params());
        assertEquals(python, XmlRpc.call("set_freq", List.of(1500.5)), "and writes the same bytes");
    }

    @Test
    void everyTypeRoundTrips() throws Exception {
        Map<String, Object> struct = new LinkedHashMap<>();
        struct.put("a & b", List.of(1L, "x<y"));
        struct.put("n", null);
        List<Object> values = Arrays.asList(7L, 1L << 40, -0.25, true, false, "tab\tand ünïcode", List.of(), struct,
                null);
        for (Object v : values) {
            assertEquals(v, XmlRpc.parseResponse(XmlRpc.utf8(XmlRpc.response(v))), String.valueOf(v));
        }
        assertTrue(XmlRpc.response(1L << 40).contains("<i8>1099511627776</i8>"));
        assertTrue(XmlRpc.response(7L).contains("<int>7</int>"));
        assertArrayEquals(new byte[] {0, 1, -1}, (byte[]) XmlRpc.parseResponse(XmlRpc.utf8(XmlRpc.response(
                new byte[] {0, 1, -1}))));
        assertEquals("plain", XmlRpc.parseResponse(XmlRpc.utf8(
                "<methodResponse><params><param><value>plain</value></param></params></methodResponse>")),
                "a value without a type is a string (the specification)");
        assertEquals(41L, XmlRpc.parseResponse(XmlRpc.utf8(
                "<methodResponse><params><param><value><i4> 41 </i4></value></param></params></methodResponse>")));
    }

    @Test
    void faultsAreReadAsFaults() {
        XmlRpc.Fault f = assertThrows(XmlRpc.Fault.class, () -> XmlRpc.parseResponse(XmlRpc.utf8(
                XmlRpc.fault(4, "Too many parameters."))));
        assertEquals(4, f.code);
        assertEquals("Too many parameters.", f.getMessage());
    }

    @Test
    void badDocumentsAreOneMessageEach() {
        Map<String, String> bad = Map.of(
                "<methodCall><methodName>f</methodName><params><param><value><int>x</int></value></param></params>"
                        + "</methodCall>", "'x' is not a number",
                "<methodCall><methodName>f</methodName><params><param><value><float>1</float></value></param>"
                        + "</params></methodCall>", "unknown value type <float>",
                "<methodCall><params/></methodCall>", "lacks <methodName>",
                "<methodCall><methodName>f</methodName><extra/></methodCall>", "unexpected <extra>",
                "<methodResponse><params/></methodResponse>", "expected <methodCall>",
                "<methodCall><methodName>f</methodName>", "not well-formed",
                "<?xml version='1.0'?><!DOCTYPE lol [<!ENTITY a 'aaaaaaaaaa'><!ENTITY b '&a;&a;&a;&a;&a;'>]>"
                        + "<methodCall><methodName>&b;</methodName></methodCall>", "document type",
                "<methodCall><methodName>f</methodName><params><param><value><boolean>2</boolean></value>"
                        + "</param></params></methodCall>", "a boolean is 0 or 1");
        bad.forEach((doc, message) -> {
            XmlRpc.Fault f = assertThrows(XmlRpc.Fault.class, () -> XmlRpc.parseCall(XmlRpc.utf8(doc)), doc);
            assertEquals(-32700, f.code);
            assertTrue(f.getMessage().contains(message), doc + " → " + f.getMessage());
        });
    }

    @Test
    void argumentsBecomeLiteralsAndVariablesXmlRpcValues() {
        assertEquals("1500", XmlRpcValues.expression(1500L));
        assertEquals("[1, 'a\\'b', true]", XmlRpcValues.expression(List.of(1L, "a'b", true)));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> XmlRpcValues.expression(Map.of()))
                .getMessage().contains("struct"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> XmlRpcValues.xmlRpc(
                org.sigflow.expr.Value.of(1, 2))).getMessage().contains("cannot marshal a complex number"));
    }
}
