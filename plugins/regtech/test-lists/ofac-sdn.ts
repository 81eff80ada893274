/**
 * A small OFAC SDN list in the Treasury's CSV layout (sdn.csv, alt.csv,
 * add.csv), every name made up. The service loads it when no OFAC list is
 * stored yet (config `load_test_lists`); operators load the real files.
 * The rows exercise the layout: quoted commas, "-0- " nulls, several
 * aliases for one entry, DOBs in Remarks (exact, month, circa, range) and
 * none, a vessel with its flag, an entity, and digital currency addresses
 * in Remarks (a made-up ETH address, 0x7e57…c0ffee, for monitoring's
 * sanctioned_address rule; no real wallet).
 */
export const testOfacSdn = {
  sdn: [
    '9001,"QORVANI, Darius Feyzollah",individual,"[SDGT] [IRGC]",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 12 Mar 1962; POB Zanjir, Iran; nationality Iran; Gender Male."',
    '9002,"AL-ZAHRANI, Muhammad Yusuf",individual,[SDGT],-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB circa 1975; alt. DOB 1976; citizen Yemen."',
    '9003,"BELTRANO GONZALEZ, Jose Maria",individual,[ILLICIT-DRUGS],-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB Jun 1980; nationality Colombia."',
    '9004,"NORTHWIND TRADING FZCO",-0- ,[IRAN],-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Website www.northwind-trading.example; Registration Number 55-0193 (United Arab Emirates)."',
    '9005,"STARLIGHT KESTREL",vessel,[DPRK3],-0- ,"HMKX7",Oil Products Tanker,-0- ,"5,120",Korea North,-0- ,"IMO 9000017."',
    '9006,"VOLKOV-ORLANDO, Pavel",individual,"[RUSSIA-EO14024]",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ',
    '9007,"KESSLING, Anneliese",individual,[CYBER2],-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 1958 to 1960; nationality Germany; Digital Currency Address - ETH 0x7E57000000000000000000000000000000C0FFEE; alt. Digital Currency Address - XBT 1TestMadeUpAddressNotReal000000000."',
    '',
  ].join('\n'),
  alt: [
    '9001,101,"aka","QURVANI, Daryush",-0- ',
    '9001,102,"aka","KORVANI, Dariush F.",-0- ',
    '9002,103,"aka","ZAHRANI, Mohammed Youssef",-0- ',
    '9002,104,"fka","ABU YUSUF AL-JANUBI",-0- ',
    '9004,105,"fka","NORTHERN WIND GENERAL TRADING LLC",-0- ',
    '',
  ].join('\n'),
  add: [
    '9001,201,"Vali Asr Street, No. 14",Tehran,Iran,-0- ',
    '9002,202,-0- ,"Sanaa",Yemen,-0- ',
    '9004,203,"Office 1205, Gold Tower","Dubai",United Arab Emirates,-0- ',
    '9006,204,-0- ,Moscow,Russia,-0- ',
    '',
  ].join('\n'),
} as const;
