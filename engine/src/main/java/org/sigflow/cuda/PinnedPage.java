package org.sigflow.cuda;

import java.nio.ByteBuffer;
import jcuda.Pointer;

/** A page of pinned (page-locked) host memory from the {@link PinnedPool}, also seen as a native-order buffer. */
public record PinnedPage(Pointer ptr, ByteBuffer buffer, long bytes, int sizeClass) {}
