//! `Math.log` and `Math.log10` as computed by HotSpot's x86_64 intrinsic
//! stubs (Intel LIBM algorithm): x = 2^k * m, B ~ 1/m from `rcpss` rounded to
//! 7 bits, r = B*m - 1 (log10: B*m - c with c ~ log10(e)), and
//! log(x) = k*log(2) - log(B) + p(r) with -log(B) from a table.

use super::{f, rcp, top16};

/// -log(B) for B = (128 + i)/256, as (high, low) bit patterns.
const LOG_TBL: [(u64, u64); 129] = [
    (0x3fe62e42fefa3800, 0x3d2ef35793c76730),
    (0x3fe5ee82aa241800, 0x3d2202380cda46be),
    (0x3fe5af405c364800, 0x3d2dfa63ac10c9fb),
    (0x3fe5707a26bb8c00, 0x3d09980bff3303dd),
    (0x3fe5322e26867800, 0x3d05ccc45d257531),
    (0x3fe4f45a835a5000, 0xbd2e6c516d93b8fb),
    (0x3fe4b6fd6f970c00, 0x3cef7115ed4c541c),
    (0x3fe47a1527e8a400, 0xbd22cb6af94d60aa),
    (0x3fe43d9ff2f92400, 0xbcfd984f481051f7),
    (0x3fe4019c2125cc00, 0xbd26ce7930f0c74c),
    (0x3fe3c6080c36c000, 0xbd02b7367cfe13c2),
    (0x3fe38ae217197800, 0xbd218b7abb5569a4),
    (0x3fe35028ad9d8c00, 0x3d10b83f9527e6ac),
    (0x3fe315da44340800, 0xbd274e93c5a0ed9c),
    (0x3fe2dbf557b0e000, 0xbd17a6e507b9dc11),
    (0x3fe2a2786d0ec000, 0x3d206d2be797882d),
    (0x3fe269621134dc00, 0xbd0b61f105226250),
    (0x3fe230b0d8bebc00, 0x3d12fc066e48667b),
    (0x3fe1f8635fc61800, 0xbd2a7242c9fe81d3),
    (0x3fe1c07849ae6000, 0x3cccacdeed70e667),
    (0x3fe188ee40f23c00, 0x3d14cc4ef8ab4650),
    (0x3fe151c3f6f29800, 0xbd2edd97a293ae49),
    (0x3fe11af823c75c00, 0xbd258647bb9ddcb2),
    (0x3fe0e4898611cc00, 0x3d1c299807801742),
    (0x3fe0ae76e2d05400, 0x3d1f486b887e7e27),
    (0x3fe078bf0533c400, 0x3d26812241edf5fd),
    (0x3fe04360be760400, 0xbd04c45fe79539e0),
    (0x3fe00e5ae5b20800, 0xbd053ba3b1727b1c),
    (0x3fdfb358af7a4800, 0x3d0085fa3c164935),
    (0x3fdf4aa7ee031800, 0x3d12cde56f014a8b),
    (0x3fdee2a156b41000, 0x3d2f27f45a470251),
    (0x3fde7b42c3ddb000, 0xbd2465505372bd08),
    (0x3fde148a1a272800, 0xbd1326b207322938),
    (0x3fddae75484c9800, 0xbd1ea42d60dc616a),
    (0x3fdd490246def800, 0x3d235bafe9a767a8),
    (0x3fdce42f18064800, 0xbd0797c33ec7a6b0),
    (0x3fdc7ff9c7455800, 0xbd29b6ddc15249ae),
    (0x3fdc1c60693fa000, 0x3d2cec807fe8e180),
    (0x3fdbb9611b80e000, 0x3d27d85bf40a666d),
    (0x3fdb56fa04462800, 0x3d1095252d841995),
    (0x3fdaf5295248d000, 0xbd217cc552774458),
    (0x3fda93ed3c8ad800, 0x3d1e36f2bea77a5d),
    (0x3fda33440224f800, 0x3d23c6457f9d79f5),
    (0x3fd9d32bea15f000, 0xbd26279e10d0c0b0),
    (0x3fd973a343135800, 0xbd152313a502d9f0),
    (0x3fd914a8635bf800, 0xbd1766b52ee6307d),
    (0x3fd8b639a88b3000, 0xbd205ae1e5e70470),
    (0x3fd85855776dc800, 0x3d2fd56f3333778a),
    (0x3fd7fafa3bd81800, 0xbd272090c812566a),
    (0x3fd79e26687cf800, 0x3d29ec7d2efd1778),
    (0x3fd741d876c67800, 0x3d2d8b0949dc60b3),
    (0x3fd6e60ee6af1800, 0x3d1721657c222d87),
    (0x3fd68ac83e9c6800, 0x3d20a0d32756eba0),
    (0x3fd630030b3ab000, 0xbd2db623e731ae00),
    (0x3fd5d5bddf596000, 0xbd0a0b2a08a465dc),
    (0x3fd57bf753c8d000, 0x3d1fadedee5d40ef),
    (0x3fd522ae0738a000, 0x3d2ebe708164c759),
    (0x3fd4c9e09e173000, 0xbd2e20891b0ad8a4),
    (0x3fd4718dc271c800, 0xbd2f27ce0967d675),
    (0x3fd419b423d5e800, 0x3d08e436ec90e09d),
    (0x3fd3c25277333000, 0x3d183b54b606bd5c),
    (0x3fd36b6776be1000, 0x3d116ecdb0f177c8),
    (0x3fd314f1e1d36000, 0xbd28e27ad3213cb8),
    (0x3fd2bef07cdc9000, 0x3d2a9cfa4a5004f4),
    (0x3fd269621134d800, 0x3d2c93c1df5bb3b6),
    (0x3fd214456d0eb800, 0x3d0a87deba46baea),
    (0x3fd1bf99635a6800, 0x3d2ca6ed5147bdb7),
    (0x3fd16b5ccbacf800, 0x3d2b9acdf7a51681),
    (0x3fd1178e8227e800, 0xbd2c210e63a5f01c),
    (0x3fd0c42d67616000, 0x3d27188b163ceae9),
    (0x3fd07138604d5800, 0x3cf89cdb16ed4e91),
    (0x3fd01eae5626c800, 0xbd16f08c1485e94a),
    (0x3fcf991c6cb3b000, 0x3d1bcbecca0cdf30),
    (0x3fcef5ade4dd0000, 0xbcca211565bb8e11),
    (0x3fce530effe71000, 0x3cc212276041f430),
    (0x3fcdb13db0d49000, 0xbd2aff2af715b035),
    (0x3fcd1037f2656000, 0xbd084a7e75b6f6e4),
    (0x3fcc6ffbc6f01000, 0xbcf1ec72c5962bd2),
    (0x3fcbd087383be000, 0xbd2d4bc4595412b6),
    (0x3fcb31d8575bd000, 0xbd0c358d4eace1aa),
    (0x3fca93ed3c8ae000, 0xbd28724350562169),
    (0x3fc9f6c407089000, 0x3d29904d6865817a),
    (0x3fc95a5adcf70000, 0x3d07f22858a0ff6f),
    (0x3fc8beafeb390000, 0xbd073d54aae92cd1),
    (0x3fc823c16551a000, 0x3d1e0ddb9a631e83),
    (0x3fc7898d85445000, 0xbd1c661070914305),
    (0x3fc6f0128b757000, 0xbd25118de59c21e1),
    (0x3fc6574ebe8c1000, 0x3d19cf8b2c3c2e78),
    (0x3fc5bf406b544000, 0xbd127023eb68981c),
    (0x3fc527e5e4a1b000, 0x3d2633e8e5697dc7),
    (0x3fc4913d8333b000, 0x3d25837954fdb678),
    (0x3fc3fb45a5993000, 0xbd2cd1d87e6a354d),
    (0x3fc365fcb0159000, 0x3cc62fa8234b7289),
    (0x3fc2d1610c868000, 0x3d039d6ccb81b4a1),
    (0x3fc23d712a49c000, 0x3d100d238fd3df5c),
    (0x3fc1aa2b7e23f000, 0x3d2ca78e44389934),
    (0x3fc1178e8227e000, 0x3d21ef78ce2d07f2),
    (0x3fc08598b59e4000, 0xbd27e5dd7009902c),
    (0x3fbfe89139dbe000, 0xbd2534d64fa10afd),
    (0x3fbec739830a2000, 0xbd2dc068afe645e0),
    (0x3fbda72763844000, 0x3d1a89401fa71733),
    (0x3fbc885801bc4000, 0x3d2646d1c65aacd3),
    (0x3fbb6ac88dad6000, 0xbd1390802bf768e5),
    (0x3fba4e7640b1c000, 0xbd0e42b6b94407c8),
    (0x3fb9335e5d594000, 0x3d23115c3abd47da),
    (0x3fb8197e2f40e000, 0x3d0f80dcf96ffdf7),
    (0x3fb700d30aeac000, 0x3cec1e8da99ded32),
    (0x3fb5e95a4d97a000, 0xbd2c69063c5d1d1e),
    (0x3fb4d3115d208000, 0xbcf53a2582f4e1ef),
    (0x3fb3bdf5a7d1e000, 0x3d2cc85ea5db4ed7),
    (0x3fb2aa04a4472000, 0xbd20b6e8ae9c697d),
    (0x3fb1973bd1466000, 0xbd25325d560d9e9b),
    (0x3fb08598b59e4000, 0xbd17e5dd7009902c),
    (0x3faeea31c006c000, 0xbd0e113e4fc93b7b),
    (0x3faccb73cdddc000, 0xbd1a68f247d82807),
    (0x3faaaef2d0fb0000, 0x3d20fc1a353bb42e),
    (0x3fa894aa149fc000, 0xbd197995d05a267d),
    (0x3fa67c94f2d4c000, 0xbd029efbec19afa2),
    (0x3fa466aed42e0000, 0xbd2c167375bdfd28),
    (0x3fa252f32f8d0000, 0x3d283e9ae021b67b),
    (0x3fa0415d89e74000, 0x3d0111c05cf1d753),
    (0x3f9c63d2ec148000, 0x3d2578c63f9eb2f3),
    (0x3f98492528c90000, 0xbd2aa0ba325a0c34),
    (0x3f9432a925980000, 0x3d098139928637fe),
    (0x3f90205658938000, 0xbd23dc5b06e2f7d2),
    (0x3f882448a3890000, 0xbd275577da74f640),
    (0x3f80101575890000, 0xbd10c76b999d2be8),
    (0x3f70080559580000, 0x3d2166afcb31c67b),
    (0x0000000000000000, 0x8000000000000000),
];

/// log10(c/B) for the 129 reciprocals B of `log10`, as (high, low).
const LOG10_TBL: [(u64, u64); 129] = [
    (0x3fd34413509f7800, 0x3d1fef311f12b358),
    (0x3fd3241880333400, 0xbcf542bfc671d9d0),
    (0x3fd3044251195000, 0x3d18216a78a4b0c3),
    (0x3fd2e4906fc79400, 0xbc90286980fa389d),
    (0x3fd2c50289d04000, 0x3d04075475c2f564),
    (0x3fd2a5984ddd1c00, 0xbcfa1d84d219b2c3),
    (0x3fd286516baa7c00, 0x3d1be6d3fd9abec1),
    (0x3fd2672d94028800, 0xbd1ede5ee289a455),
    (0x3fd2482c78b86400, 0x3d1fe79b6734d179),
    (0x3fd2294dcca3c800, 0xbced34ea981a40b8),
    (0x3fd20a91439c5000, 0xbd1a9cc3cc392737),
    (0x3fd1ebf692752c00, 0x3d1e98f803c9afe7),
    (0x3fd1cd7d6ef8dc00, 0x3d08a86c71dae7f4),
    (0x3fd1af258fe4dc00, 0xbcff3412ee9185a1),
    (0x3fd190eeace59400, 0x3cf17ed9c2cab353),
    (0x3fd172d87e925000, 0x3cf1521c6952c1b2),
    (0x3fd154e2be694400, 0xbd0bdc78cacb79ca),
    (0x3fd1370d26cbac00, 0xbd01f8bef71f4de1),
    (0x3fd1195772fa0800, 0x3c946e2b55bf910b),
    (0x3fd0fbc15f106000, 0x3d14a84b39e639c1),
    (0x3fd0de4aa802a800, 0xbd178385d3f31d5d),
    (0x3fd0c0f30b992000, 0xbd1f602f3843106f),
    (0x3fd0a3ba486ce800, 0x3cef987a8819497c),
    (0x3fd086a01de49400, 0x3d0faec71caa0467),
    (0x3fd069a44c30cc00, 0xbd1618fca4424372),
    (0x3fd04cc694490000, 0xbd18384b946517d2),
    (0x3fd03006b7e84000, 0xbd19a6ace0109c37),
    (0x3fd01364798a0c00, 0xbd164cf75121e864),
    (0x3fcfedbf38ce8000, 0xbcbbc40246214d1a),
    (0x3fcfb4efc8e62000, 0x3d1e0176dab93203),
    (0x3fcf7c5a2cb02800, 0xbcfec86a2a2ea8e4),
    (0x3fcf43fdeeeaa000, 0x3cf110a8c18e49a4),
    (0x3fcf0bda9bb6e800, 0xbd15ce99923cc9c0),
    (0x3fced3efc093f000, 0x3d1a04c74d4b51e9),
    (0x3fce9c3cec58f800, 0x3cac8260163cad59),
    (0x3fce2d7d9a907000, 0x3ce4a1c03fa93646),
    (0x3fcdbf9937311000, 0x3d07ea9d32abd1fd),
    (0x3fcd528c6744b800, 0xbd1b08e24dcbdfd4),
    (0x3fcce653e36de800, 0xbd1b8f030b7b7f7f),
    (0x3fcc7aec77506800, 0x3d13c163a821c9fb),
    (0x3fcc105300ff8800, 0xbd074ee5536bca76),
    (0x3fcba68470719800, 0xbd1fbf16d7da9b6b),
    (0x3fcb3d7dc6f8d800, 0x3d1a295de2220bb3),
    (0x3fcad53c16c15800, 0xbcf55822e724911e),
    (0x3fca6dbc82533800, 0x3cac567c6d982371),
    (0x3fca06fc3c19e800, 0x3d1da20484d17d80),
    (0x3fc9a0f885ef8000, 0xbd00220454466a6a),
    (0x3fc93baeb0ac2000, 0x3d18840cd601fd65),
    (0x3fc8d71c1bb9b000, 0xbd14f8977bf58766),
    (0x3fc8733e34aae800, 0xbd0f5c453af6ac24),
    (0x3fc8101276d68000, 0xbd1f9a804303e1a1),
    (0x3fc7ad966af57800, 0x3cf4c33e43fbcb46),
    (0x3fc74bc7a6c51000, 0xbd192e3b70f0eac5),
    (0x3fc6eaa3ccab9800, 0xbd0faf15c0093dfe),
    (0x3fc68a288b60b800, 0xbc9ea4eede78d5fd),
    (0x3fc62a539d987000, 0xbd194084962bea6e),
    (0x3fc5cb22c9b0e800, 0x3d1fe201888dd999),
    (0x3fc56c93e1634800, 0x3d1b118816ada7ad),
    (0x3fc50ea4c176c000, 0xbcf09c084159b5b5),
    (0x3fc4b15351766000, 0xbcf6a89c84393d23),
    (0x3fc4549d83695000, 0x3d1c4b8c9f0b8bbb),
    (0x3fc3f881538d5800, 0x3cf89b99f49df747),
    (0x3fc39cfcc8138000, 0xbd13b99fd503b834),
    (0x3fc3420df0df0800, 0xbd05d8bef011b386),
    (0x3fc2e7b2e7466800, 0xbd1bb94ef39c7bc2),
    (0x3fc28de9cdd62800, 0xbd10ed0505e6d69b),
    (0x3fc234b0d015d800, 0xbd1ff967e29b6c9d),
    (0x3fc1dc06224ea800, 0xbcffb30d727711fc),
    (0x3fc183e801540000, 0x3cc23f5739786c5a),
    (0x3fc12c54b24d9800, 0x3d003a1dc905a342),
    (0x3fc0d54a82835800, 0x3d03b25a9b9920c0),
    (0x3fc07ec7c72ac000, 0x3cf0fa4146f26a24),
    (0x3fc028cadd35d800, 0x3d034a6541d9d6dc),
    (0x3fbfa6a452474000, 0x3d19cad344f66449),
    (0x3fbefcb82da3d000, 0x3d18400f67832999),
    (0x3fbe53ce32a10000, 0xbcff62fd9c0e3b1a),
    (0x3fbdabe3556b7000, 0xbcf8243b02976913),
    (0x3fbd04f497e88000, 0x3d1c0578ec793797),
    (0x3fbc5eff09647000, 0xbd1d799e05fc0565),
    (0x3fbbb9ffc6426000, 0x3d1f57234625f5ed),
    (0x3fbb15f3f7afd000, 0xbd1a7e1edd5aae61),
    (0x3fba72d8d358b000, 0x3d17bc913314e4d3),
    (0x3fb9d0ab9b1f5000, 0x3cf18c9b9a4d514b),
    (0x3fb92f699cd4e000, 0x3cf1f96d7e4496ab),
    (0x3fb88f1031f4f000, 0x3d165818f56479e7),
    (0x3fb7ef9cbf628000, 0xbd1113a626bf486d),
    (0x3fb7510cb526b000, 0x3ca9898d1a1c3384),
    (0x3fb6b35d8e31e000, 0xbd0661acb3875361),
    (0x3fb6168cd01de000, 0xbd1bdf102a7cacfa),
    (0x3fb57a980af23000, 0x3cf046d0ff868816),
    (0x3fb4df7cd8ea0000, 0xbd1fd5291515fbe7),
    (0x3fb44538de3b2000, 0x3d1faeee6e59a132),
    (0x3fb3abc9c8df9000, 0xbd198807f1322361),
    (0x3fb3132d505f1000, 0x3d1e53800888e6ab),
    (0x3fb27b61359bd000, 0xbcfe2724dfbcbb22),
    (0x3fb1e463429ee000, 0xbcfe4dd66eb4c58c),
    (0x3fb14e314a673000, 0x3d1ba6914ce1ac9b),
    (0x3fb0b8c928b96000, 0xbd0b38728c7813b8),
    (0x3fb02428c1f08000, 0x3cb5ea6bc2bc8c2c),
    (0x3faf209c05a1a000, 0xbce8df8472e8f18e),
    (0x3fadfa6dc0b5e000, 0x3d0873649fdef436),
    (0x3facd5c2af416000, 0x3d0827e71068c3a9),
    (0x3fabb296db356000, 0x3d101a9f120a34d3),
    (0x3faa90e65dfea000, 0xbd14c392daded264),
    (0x3fa970ad6034c000, 0xbd1b705e1c9d06a9),
    (0x3fa851e8194c6000, 0xbd0117bc83996ad9),
    (0x3fa73492cf4ac000, 0xbca5ea42b1a94a62),
    (0x3fa618a9d67b4000, 0xbd07119b75aed8ca),
    (0x3fa4fe299126c000, 0x3d12658f5291d533),
    (0x3fa3e50e6f4d4000, 0x3d1d5c70cd2c5cd9),
    (0x3fa2cd54ee608000, 0x3d1a4802d1008489),
    (0x3fa1b6f99900e000, 0xbd16593f54fb5598),
    (0x3fa0a1f906bb6000, 0xbd17636b64ef57b4),
    (0x3f9f1c9fb7940000, 0x3cb5d479ee6a4737),
    (0x3f9cf7f591aa0000, 0x3d0871143a16373c),
    (0x3f9ad5ed156b8000, 0x3c6900b0836c554a),
    (0x3f98b67fd4764000, 0xbcffc974ed12f17b),
    (0x3f9699a777dec000, 0x3d1e35bb232ce7ea),
    (0x3f947f5dbfbf4000, 0x3d0e0a49d84ffa6e),
    (0x3f92679c82c7c000, 0xbd14d9f28d170e90),
    (0x3f90525dadd20000, 0x3cdeb98686d9f88e),
    (0x3f8c7f3686f10000, 0x3ce29faab9e0a517),
    (0x3f885e9eb75c8000, 0xbd1f7bdb542568cb),
    (0x3f8442e846b30000, 0x3d1e5287b954e7d9),
    (0x3f802c07b7e60000, 0xbd19fb2722da0b17),
    (0x3f7833e36c8b0000, 0xbd190f96821271ef),
    (0x3f70193629910000, 0xbd1bcf45bc3491a5),
    (0x3f600fe3354a0000, 0xbd19d71cc0ff520a),
    (0x0000000000000000, 0x0000000000000000),
];

const ONE_BITS: u64 = 0x3ff0_0000_0000_0000;
const MANT: u64 = 0x000f_ffff_ffff_ffff;
/// Exponent placed on the mantissa so that B (a float reinterpreted with
/// exponent ~2^-897) times m is about 1.
const M_EXP: u64 = 0x77f0_0000_0000_0000;
const B_MASK: u64 = 0xffff_e000_0000_0000;

// log: ln2/16 split, polynomial coefficients.
const LOG2_HI: f64 = f(0x3fa62e42fefa3800);
const LOG2_LO: f64 = f(0x3ceef35793c76730);
const LC1: f64 = f(0x3fc2492492492492);
const LC2: f64 = f(0xbfd0000000000000);
const LC3: f64 = f(0xbfc5555e3d6fb175);
const LC4: f64 = f(0x3fd5555555555555);
const LC5: f64 = f(0x3fc999999999999a);
const LC6: f64 = f(0xbfe0000000000000);

// log10: log10(2)/16 split, c = log10(e) short and its tail, coefficients.
const LOG10_2_HI: f64 = f(0x3f934413509f7800);
const LOG10_2_LO: f64 = f(0x3cdfef311f12b358);
const LOG10E_F32: f32 = 0.43359375; // bits 0x3ede0000
const LOG10E_HI: f64 = f(0x3fdbc00000000000);
const LOG10E_LO: f64 = f(0x3f5a7a6cbf2e4108);
const DC0: f64 = f(0x40358874c1a5f12e);
const DC1: f64 = f(0xc008930964d4ef0d);
const DC2: f64 = f(0xc025c917385593b1);
const DC3: f64 = f(0x3ffc6a02dc963467);
const DC4: f64 = f(0x4016ab9f7f9d3aa1);
const DC5: f64 = f(0xbff27af2dc77b115);

/// The argument decomposed by the stubs' common prologue.
struct Reduced {
    /// Bits of `rcpss` applied to the leading 23 mantissa bits of x.
    rcp: f32,
    /// The mantissa with exponent `M_EXP`.
    m: f64,
    /// 16 * k, k the unbiased exponent of x.
    k16: f64,
}

/// Splits a positive finite non-zero x; `None` for the special arguments
/// (zero, negative, subnormal handled by rescaling, infinity, NaN).
fn reduce(x: f64) -> Result<Reduced, f64> {
    let (x, bias) = if top16(x).wrapping_sub(16) < 0x7fe0 {
        (x, 0x3fe0) // positive normal: k = exponent field - 1023
    } else {
        match special(x) {
            Ok(scaled) => (scaled, 0x47f0),
            Err(result) => return Err(result),
        }
    };
    let bits = x.to_bits();
    let rin = f32::from_bits((((bits | ONE_BITS) >> 27) as u32) >> 2);
    let top = if bias == 0x3fe0 { top16(x) - 16 } else { top16(x) };
    Ok(Reduced {
        rcp: rcp(rin),
        m: f((bits & MANT) | M_EXP),
        k16: ((top & 0x7ff0) as i32 - bias) as f64,
    })
}

/// Special arguments: `Ok(x * 2^128)` for positive subnormals, `Err(result)`
/// for zeros, negatives, infinities and NaN.
fn special(x: f64) -> Result<f64, f64> {
    let bits = x.to_bits();
    let top = top16(x);
    let hi = (bits >> 32) as u32;
    let lo = bits as u32;
    if top >= 0x8000 {
        // negative (including -0, -inf, -NaN)
        let h2 = hi.wrapping_add(hi);
        if h2 >= 0xffe0_0000 {
            // -inf or NaN
            return Err(if h2 > 0xffe0_0000 || lo > 0 { x + x } else { invalid() });
        }
        return Err(if (lo | h2) == 0 { -1.0 / zero() } else { invalid() });
    }
    if top >= 16 {
        return Err(x + x); // +inf or NaN
    }
    if x == 0.0 {
        return Err(-1.0 / zero());
    }
    Ok(x * f(0x47f0_0000_0000_0000))
}

/// 0 * inf, the default NaN of x86 (evaluated at run time).
#[inline(never)]
fn invalid() -> f64 {
    zero() * std::hint::black_box(f64::INFINITY)
}

#[inline]
fn zero() -> f64 {
    std::hint::black_box(0.0)
}

/// `Math.log` on HotSpot/x86_64.
pub(crate) fn log(x: f64) -> f64 {
    let red = match reduce(x) {
        Ok(r) => r,
        Err(result) => return result,
    };
    let bb = red.rcp.to_bits().wrapping_add(0x8000);
    let b = f(((bb as u64) << 29) & B_MASK);
    let idx = (((bb & 0xff_0000) >> 16) as usize).min(LOG_TBL.len() - 1);
    let (thi, tlo) = LOG_TBL[idx];
    let m_hi = f(red.m.to_bits() & B_MASK);
    let m_lo = red.m - m_hi;
    let r = (m_hi * b - 1.0) + m_lo * b;
    let a = f(thi) + red.k16 * LOG2_HI;
    let s = a + r;
    let r2 = r * r;
    let u0 = (LC3 * r + LC5) * r + (LC1 * r) * r2;
    let u1 = (LC4 * r + LC6) + LC2 * r2;
    let lo = (((r + (a - s)) + (red.k16 * LOG2_LO + f(tlo))) + u0 * (r2 * r2)) + u1 * r2;
    s + lo
}

/// `Math.log10` on HotSpot/x86_64.
pub(crate) fn log10(x: f64) -> f64 {
    let red = match reduce(x) {
        Ok(r) => r,
        Err(result) => return result,
    };
    let bb = (red.rcp * LOG10E_F32).to_bits().wrapping_add(0x8000);
    let b = f(((bb as u64) << 29) & B_MASK);
    let idx = (((bb & 0xff_0000) >> 16) as usize).saturating_sub(94).min(LOG10_TBL.len() - 1);
    let (thi, tlo) = LOG10_TBL[idx];
    let m_hi = f(red.m.to_bits() & 0xffff_ffff_f800_0000);
    let m_lo = red.m - m_hi;
    let r = (m_hi * b - LOG10E_HI) + m_lo * b;
    let a = f(thi) + red.k16 * LOG10_2_HI;
    let s = a + r;
    let r2 = r * r;
    let u0 = (DC2 * r + DC4) * r + (DC0 * r) * r2;
    let u1 = (DC3 * r + DC5) + DC1 * r2;
    let lo = ((((r + (a - s)) + LOG10E_LO * r) + (red.k16 * LOG10_2_LO + f(tlo))) + u0 * (r2 * r2)) + u1 * r2;
    s + lo
}
